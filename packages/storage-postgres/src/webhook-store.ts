import type { Webhook } from '@affiliate-commerce/core';
import type {
  HealthCheck,
  StoredSecret,
  WebhookBreaker,
  WebhookStore,
} from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface SecretJson {
  ciphertext: string;
  iv: string;
  tag: string;
  createdAt: string;
  expiresAt?: string;
}

interface HealthCheckJson {
  reachable: boolean;
  statusCode: number;
  latencyMs: number;
  checkedAt: string;
  url: string;
  reason?: string;
  detail?: string;
}

interface BreakerJson {
  state: WebhookBreaker['state'];
  failures: number;
  openedAt?: string;
  retryAt?: string;
  coolingMs?: number;
  changedAt: string;
}

interface WebhookRow {
  id: string;
  affiliate_id: string;
  name: string;
  url: string;
  authentication: boolean;
  interests: string[];
  status: Webhook['status'];
  payload_version: Webhook['payloadVersion'];
  secrets: SecretJson[];
  last_health_check: HealthCheckJson | null;
  breaker: BreakerJson | null;
  disabled_reason: Webhook['disabledReason'] | null;
  disabled_at: Date | null;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

const secretsJson = (secrets: readonly StoredSecret[]): string =>
  JSON.stringify(
    secrets.map(
      (secret): SecretJson => ({
        ...secret.sealed,
        createdAt: secret.createdAt.toISOString(),
        ...(secret.expiresAt ? { expiresAt: secret.expiresAt.toISOString() } : {}),
      }),
    ),
  );

const toSecret = (json: SecretJson): StoredSecret => ({
  sealed: { ciphertext: json.ciphertext, iv: json.iv, tag: json.tag },
  createdAt: new Date(json.createdAt),
  ...(json.expiresAt ? { expiresAt: new Date(json.expiresAt) } : {}),
});

const healthJson = (check: HealthCheck): string =>
  JSON.stringify({ ...check, checkedAt: check.checkedAt.toISOString() } satisfies HealthCheckJson);

const toHealthCheck = (json: HealthCheckJson): HealthCheck => ({
  reachable: json.reachable,
  statusCode: json.statusCode,
  latencyMs: json.latencyMs,
  checkedAt: new Date(json.checkedAt),
  url: json.url,
  ...(json.reason === undefined ? {} : { reason: json.reason }),
  ...(json.detail === undefined ? {} : { detail: json.detail }),
});

// Written in one fixed shape, so the compare-and-set's jsonb equality compares values.
const breakerJson = (breaker: WebhookBreaker | undefined): string | null =>
  breaker
    ? JSON.stringify({
        state: breaker.state,
        failures: breaker.failures,
        ...(breaker.openedAt ? { openedAt: breaker.openedAt.toISOString() } : {}),
        ...(breaker.retryAt ? { retryAt: breaker.retryAt.toISOString() } : {}),
        ...(breaker.coolingMs === undefined ? {} : { coolingMs: breaker.coolingMs }),
        changedAt: breaker.changedAt.toISOString(),
      } satisfies BreakerJson)
    : null;

const toBreaker = (json: BreakerJson): WebhookBreaker => ({
  state: json.state,
  failures: json.failures,
  ...(json.openedAt ? { openedAt: new Date(json.openedAt) } : {}),
  ...(json.retryAt ? { retryAt: new Date(json.retryAt) } : {}),
  ...(json.coolingMs === undefined ? {} : { coolingMs: json.coolingMs }),
  changedAt: new Date(json.changedAt),
});

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    name: row.name,
    url: row.url,
    authentication: row.authentication,
    interests: [...row.interests],
    status: row.status,
    payloadVersion: row.payload_version,
    secrets: row.secrets.map(toSecret),
    ...(row.last_health_check ? { lastHealthCheck: toHealthCheck(row.last_health_check) } : {}),
    ...(row.breaker ? { breaker: toBreaker(row.breaker) } : {}),
    ...(row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
    ...(row.disabled_at ? { disabledAt: row.disabled_at } : {}),
    revision: Number(row.revision),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Why and when the webhook was disabled, after the other parameters of insert and replace. */
const disabledParams = (w: Webhook) => [w.disabledReason ?? null, w.disabledAt ?? null];

/** The configuration columns, in the parameter order of insert and replace ($1 = id ... $11 = updated_at). */
const configParams = (w: Webhook) => [
  w.id,
  w.affiliateId,
  w.name,
  w.url,
  w.authentication,
  [...w.interests],
  w.status,
  w.payloadVersion,
  secretsJson(w.secrets),
  w.revision,
  w.updatedAt,
];

/** The webhook store on PostgreSQL. @example postgresWebhookStore(db, 'affiliate_commerce') */
export function postgresWebhookStore(db: Db, schema: string): WebhookStore {
  const insert = withSchema(
    `insert into {s}.webhooks (id, affiliate_id, name, url, authentication, interests, status, payload_version,
       secrets, revision, updated_at, created_at, last_health_check, breaker, disabled_reason, disabled_at)
     values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9::jsonb, $10, $11, $12, $13::jsonb, $14::jsonb, $15, $16)`,
    schema,
  );
  const get = withSchema('select * from {s}.webhooks where affiliate_id = $1 and id = $2', schema);
  const list = withSchema(
    'select * from {s}.webhooks where affiliate_id = $1 order by created_at, id',
    schema,
  );
  // One statement: the revision compare and the write cannot be split by a concurrent change.
  const replace = withSchema(
    `update {s}.webhooks set name = $3, url = $4, authentication = $5, interests = $6::text[], status = $7,
       payload_version = $8, secrets = $9::jsonb, revision = $10, updated_at = $11,
       disabled_reason = $13, disabled_at = $14
     where id = $1 and affiliate_id = $2 and revision = $12
     returning id`,
    schema,
  );
  const remove = withSchema(
    'delete from {s}.webhooks where affiliate_id = $1 and id = $2 returning id',
    schema,
  );
  const health = withSchema(
    'update {s}.webhooks set last_health_check = $3::jsonb where affiliate_id = $1 and id = $2 returning id',
    schema,
  );
  const setBreaker = withSchema(
    `update {s}.webhooks set breaker = $3::jsonb
     where affiliate_id = $1 and id = $2 and breaker is not distinct from $4::jsonb
     returning id`,
    schema,
  );
  const byId = withSchema('select * from {s}.webhooks where id = $1', schema);
  return {
    async insert({ webhook }) {
      await db.query(insert, [
        ...configParams(webhook),
        webhook.createdAt,
        webhook.lastHealthCheck ? healthJson(webhook.lastHealthCheck) : null,
        breakerJson(webhook.breaker),
        ...disabledParams(webhook),
      ]);
    },
    async get({ affiliateId, id }) {
      const { rows } = await db.query<WebhookRow>(get, [affiliateId, id]);
      return rows[0] && toWebhook(rows[0]);
    },
    async list({ affiliateId }) {
      const { rows } = await db.query<WebhookRow>(list, [affiliateId]);
      return rows.map(toWebhook);
    },
    async replace({ webhook, expectedRevision }) {
      const { rows } = await db.query(replace, [
        ...configParams(webhook),
        expectedRevision,
        ...disabledParams(webhook),
      ]);
      return rows.length === 1;
    },
    async remove({ affiliateId, id }) {
      const { rows } = await db.query(remove, [affiliateId, id]);
      return rows.length === 1;
    },
    async recordHealthCheck({ affiliateId, id, check }) {
      const { rows } = await db.query(health, [affiliateId, id, healthJson(check)]);
      return rows.length === 1;
    },
    async setBreaker({ affiliateId, id, breaker, expected }) {
      const { rows } = await db.query(setBreaker, [
        affiliateId,
        id,
        breakerJson(breaker),
        breakerJson(expected),
      ]);
      return rows.length === 1;
    },
    async findForOperator({ id }) {
      const { rows } = await db.query<WebhookRow>(byId, [id]);
      return rows[0] && toWebhook(rows[0]);
    },
  };
}
