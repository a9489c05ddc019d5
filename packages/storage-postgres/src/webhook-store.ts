import type { PayloadFilter, RetrySchedule, Webhook } from '@affiliate-commerce/core';
import {
  type HealthCheck,
  payloadFilterToJsonPath,
  type StoredClientCertificate,
  type StoredHeaders,
  type StoredOAuth,
  type StoredSecret,
  type WebhookBreaker,
  type WebhookStore,
} from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';
import { operationalEventRows } from './operational-event-rows';
import {
  clientCertificateJson,
  oauthJson,
  type SigningKeyJson,
  signingKeysJson,
  toSigningKeys,
} from './signing-keys-json';

interface SecretJson {
  ciphertext: string;
  iv: string;
  tag: string;
  createdAt: string;
  expiresAt?: string;
  expiringAnnounced?: true;
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

interface HeadersJson {
  names: string[];
  ciphertext: string;
  iv: string;
  tag: string;
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
  headers: HeadersJson | null;
  filter: PayloadFilter | null;
  rate_limit: number | null;
  ordering: Webhook['ordering'] | null;
  signing_keys: SigningKeyJson[] | null;
  oauth: StoredOAuth | null;
  client_certificate: StoredClientCertificate | null;
  retry_schedule: RetrySchedule | null;
  failing_notice: { since: string; fraction: number } | null;
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
        ...(secret.expiringAnnounced ? { expiringAnnounced: true } : {}),
      }),
    ),
  );

const toSecret = (json: SecretJson): StoredSecret => ({
  sealed: { ciphertext: json.ciphertext, iv: json.iv, tag: json.tag },
  createdAt: new Date(json.createdAt),
  ...(json.expiresAt ? { expiresAt: new Date(json.expiresAt) } : {}),
  ...(json.expiringAnnounced ? { expiringAnnounced: true } : {}),
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

const headersJson = (headers: StoredHeaders | undefined): string | null =>
  headers ? JSON.stringify({ names: [...headers.names], ...headers.sealed } satisfies HeadersJson) : null;

const toHeaders = (json: HeadersJson): StoredHeaders => ({
  names: [...json.names],
  sealed: { ciphertext: json.ciphertext, iv: json.iv, tag: json.tag },
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
    ...(row.headers ? { headers: toHeaders(row.headers) } : {}),
    ...(row.filter ? { filter: row.filter } : {}),
    ...(row.rate_limit === null ? {} : { rateLimit: row.rate_limit }),
    ...(row.ordering && row.ordering !== 'none' ? { ordering: row.ordering } : {}),
    ...(row.signing_keys ? { signingKeys: toSigningKeys(row.signing_keys) } : {}),
    ...(row.oauth ? { oauth: row.oauth } : {}),
    ...(row.client_certificate ? { clientCertificate: row.client_certificate } : {}),
    ...(row.retry_schedule ? { retrySchedule: row.retry_schedule } : {}),
    ...(row.failing_notice
      ? {
          failingNotice: { since: new Date(row.failing_notice.since), fraction: row.failing_notice.fraction },
        }
      : {}),
    revision: Number(row.revision),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Why and when the webhook was disabled, then its endpoint controls, signing keys, retry schedule,
 * failing notice, OAuth credentials and client certificate, after the other parameters of insert
 * and replace. The filter is stored as given and as the SQL/JSON path publishing matches.
 */
const disabledParams = (w: Webhook) => [
  w.disabledReason ?? null,
  w.disabledAt ?? null,
  headersJson(w.headers),
  w.filter ? JSON.stringify(w.filter) : null,
  w.filter ? payloadFilterToJsonPath(w.filter) : null,
  w.rateLimit ?? null,
  w.ordering ?? 'none',
  signingKeysJson(w.signingKeys),
  w.retrySchedule ? JSON.stringify(w.retrySchedule) : null,
  w.failingNotice ? JSON.stringify(w.failingNotice) : null,
  oauthJson(w.oauth),
  clientCertificateJson(w.clientCertificate),
];

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

// One statement: the row is locked as it is read, so concurrent reservations queue on it and
// each starts where the one before left the timeline (the next free slot, never before now).
const reserveSendsSql = `update {s}.webhooks w
  set throttled_until = case when r.interval_ms is null then w.throttled_until
    else r.start + r.granted * r.interval_ms * interval '1 millisecond' end
  from (
    select c.id, c.start, c.interval_ms,
      case when c.interval_ms is null then $4::int
        else greatest(0, least($4::int,
          floor((extract(epoch from $3::timestamptz - c.start) * 1000 + $5::float8) / c.interval_ms)::int + 1))
      end as granted
    from (
      select id, 1000.0::float8 / rate_limit as interval_ms,
        greatest(coalesce(throttled_until, $3::timestamptz), $3::timestamptz) as start
      from {s}.webhooks where affiliate_id = $1 and id = $2
      for update
    ) c
  ) r
  where w.id = r.id
  returning r.granted, r.start, r.interval_ms`;

/** The webhook store on PostgreSQL. @example postgresWebhookStore(db, 'affiliate_commerce') */
export function postgresWebhookStore(db: Db, schema: string): WebhookStore {
  const insert = withSchema(
    `insert into {s}.webhooks (id, affiliate_id, name, url, authentication, interests, status, payload_version,
       secrets, revision, updated_at, created_at, last_health_check, breaker, disabled_reason, disabled_at,
       headers, filter, filter_path, rate_limit, ordering, signing_keys, retry_schedule, failing_notice,
       oauth, client_certificate)
     values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9::jsonb, $10, $11, $12, $13::jsonb, $14::jsonb, $15, $16,
       $17::jsonb, $18::jsonb, $19::jsonpath, $20, $21, $22::jsonb, $23::jsonb, $24::jsonb, $25::jsonb, $26::jsonb)`,
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
       disabled_reason = $13, disabled_at = $14, headers = $15::jsonb, filter = $16::jsonb,
       filter_path = $17::jsonpath, rate_limit = $18, ordering = $19, signing_keys = $20::jsonb,
       retry_schedule = $21::jsonb, failing_notice = $22::jsonb, oauth = $23::jsonb,
       client_certificate = $24::jsonb
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
  const reserve = withSchema(reserveSendsSql, schema);
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
    async reserveSends({ affiliateId, id, count, now, horizonMs }) {
      const { rows } = await db.query<{ granted: number; start: Date; interval_ms: number | null }>(reserve, [
        affiliateId,
        id,
        now,
        count,
        horizonMs,
      ]);
      const row = rows[0];
      if (!row) return undefined;
      return { granted: Number(row.granted), firstAt: row.start, intervalMs: Number(row.interval_ms ?? 0) };
    },
    async findForOperator({ id }) {
      const { rows } = await db.query<WebhookRow>(byId, [id]);
      return rows[0] && toWebhook(rows[0]);
    },
    ...operationalEventRows(db, schema),
  };
}
