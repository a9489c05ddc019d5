import type { Storage, Webhook } from '@affiliate-commerce/core';
import type { HealthCheck, WebhookBreaker } from '@affiliate-commerce/core/storage';
import { expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const t1 = new Date('2026-11-23T11:00:00.000Z');

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'whk_c1',
    affiliateId: 'aff_1',
    name: 'Orders',
    url: 'https://hooks.example.com/orders',
    authentication: true,
    interests: ['order_created', 'journey_completed'],
    status: 'enabled',
    payloadVersion: 'v2',
    secrets: [
      {
        sealed: { ciphertext: 'Y2lwaGVy', iv: 'aXZpdml2aXZpdml2', tag: 'dGFndGFndGFndGFndGFn' },
        createdAt: t1,
      },
      {
        sealed: { ciphertext: 'b2xk', iv: 'b2xkaXZvbGRpdm9s', tag: 'b2xkdGFnb2xkdGFnb2xk' },
        createdAt: t0,
        expiresAt: new Date('2026-11-24T11:00:00.000Z'),
      },
    ],
    revision: 1,
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

const check: HealthCheck = {
  reachable: false,
  statusCode: 503,
  latencyMs: 42,
  checkedAt: t1,
  url: 'https://hooks.example.com/orders',
  reason: 'http_status',
  detail: 'answered HTTP 503',
};

/**
 * The webhook store part of the storage contract (memory, PGlite, PostgreSQL server).
 *
 * @example
 * webhookStoreContract(() => storage);
 */
export function webhookStoreContract(storage: () => Storage): void {
  it('webhooks: round-trip every field, secrets in order, absent optional fields omitted (never null)', async () => {
    const full = webhook({ id: 'whk_round' });
    await storage().webhooks.insert({ webhook: full });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_round' })).toEqual(full);
    const bare = webhook({
      id: 'whk_bare',
      authentication: false,
      secrets: [],
      interests: [],
      payloadVersion: 'v1',
    });
    await storage().webhooks.insert({ webhook: bare });
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_bare' });
    expect(read).toEqual(bare);
    expect(Object.keys(read!)).not.toContain('lastHealthCheck');
  });

  it('webhooks: ids are global; another tenant reads nothing, the operator lookup finds it', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_tenant' }) });
    expect(await storage().webhooks.get({ affiliateId: 'aff_2', id: 'whk_tenant' })).toBeUndefined();
    expect(await storage().webhooks.findForOperator({ id: 'whk_tenant' })).toMatchObject({
      affiliateId: 'aff_1',
    });
    expect(await storage().webhooks.findForOperator({ id: 'whk_none' })).toBeUndefined();
    await expect(
      storage().webhooks.insert({ webhook: webhook({ id: 'whk_tenant', affiliateId: 'aff_2' }) }),
    ).rejects.toThrow();
  });

  it("webhooks: list is the affiliate's own, oldest first, ties by id", async () => {
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    for (const [id, affiliateId, createdAt] of [
      ['whk_l3', 'aff_2', at(3)],
      ['whk_l2', 'aff_2', at(1)],
      ['whk_l1', 'aff_2', at(1)],
      ['whk_lx', 'aff_1', at(0)],
    ] as const) {
      await storage().webhooks.insert({
        webhook: webhook({ id, affiliateId, createdAt, updatedAt: createdAt }),
      });
    }
    const listed = await storage().webhooks.list({ affiliateId: 'aff_2' });
    expect(listed.map((w) => w.id)).toEqual(['whk_l1', 'whk_l2', 'whk_l3']);
  });

  it('webhooks: replace is a compare-and-set on revision, scoped by affiliate, and keeps lastHealthCheck', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_cas' }) });
    expect(await storage().webhooks.recordHealthCheck({ affiliateId: 'aff_1', id: 'whk_cas', check })).toBe(
      true,
    );
    const next = webhook({
      id: 'whk_cas',
      name: 'Renamed',
      authentication: false,
      secrets: [],
      interests: ['payment_failed'],
      status: 'disabled',
      payloadVersion: 'v1',
      revision: 2,
      updatedAt: t1,
    });
    expect(await storage().webhooks.replace({ webhook: next, expectedRevision: 7 })).toBe(false);
    expect(
      await storage().webhooks.replace({ webhook: { ...next, affiliateId: 'aff_2' }, expectedRevision: 1 }),
    ).toBe(false);
    expect(await storage().webhooks.replace({ webhook: next, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_cas' })).toEqual({
      ...next,
      lastHealthCheck: check,
    });
    expect(await storage().webhooks.replace({ webhook: next, expectedRevision: 1 })).toBe(false);
  });

  it('webhooks: disabledReason and disabledAt round-trip through insert and replace; a replace without them clears them', async () => {
    const disabledAt = new Date('2026-11-23T12:00:00.000Z');
    const disabled = webhook({
      id: 'whk_disabled',
      status: 'disabled',
      disabledReason: 'failing',
      disabledAt,
    });
    await storage().webhooks.insert({ webhook: disabled });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_disabled' })).toEqual(disabled);
    const manual = { ...disabled, disabledReason: 'manual' as const, revision: 2 };
    expect(await storage().webhooks.replace({ webhook: manual, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_disabled' })).toEqual(manual);
    const { disabledReason: _reason, disabledAt: _at, ...rest } = manual;
    const enabled: Webhook = { ...rest, status: 'enabled', revision: 3 };
    expect(await storage().webhooks.replace({ webhook: enabled, expectedRevision: 2 })).toBe(true);
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_disabled' });
    expect(read).toEqual(enabled);
    expect(Object.keys(read!)).not.toContain('disabledReason');
    expect(Object.keys(read!)).not.toContain('disabledAt');
  });

  it('webhooks: headers, filter, rateLimit and ordering round-trip through insert and replace; a replace without them clears them', async () => {
    const controlled = webhook({
      id: 'whk_controls',
      headers: {
        names: ['X-Api-Key', 'X-Tenant'],
        sealed: { ciphertext: 'aGVhZGVycw==', iv: 'aXZpdml2aXZpdml2', tag: 'dGFndGFndGFndGFndGFn' },
      },
      filter: {
        total_value_cents: { $gte: 10_000 },
        $or: [{ currency: { $eq: 'USD' } }, { currency: { $in: ['CAD', 'EUR'] } }],
      },
      rateLimit: 25,
      ordering: 'entity',
    });
    await storage().webhooks.insert({ webhook: controlled });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_controls' })).toEqual(controlled);
    const changed: Webhook = {
      ...controlled,
      filter: { event_type: { $eq: 'order_created' } },
      rateLimit: 3,
      revision: 2,
    };
    expect(await storage().webhooks.replace({ webhook: changed, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_controls' })).toEqual(changed);
    const { headers: _headers, filter: _filter, rateLimit: _rate, ordering: _ordering, ...rest } = changed;
    const plain: Webhook = { ...rest, revision: 3 };
    expect(await storage().webhooks.replace({ webhook: plain, expectedRevision: 2 })).toBe(true);
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_controls' });
    expect(read).toEqual(plain);
    for (const key of ['headers', 'filter', 'rateLimit', 'ordering'])
      expect(Object.keys(read!)).not.toContain(key);
  });

  it('webhooks: a retrySchedule (delays or exponential) round-trips through insert and replace; a replace without it clears it', async () => {
    const scheduled = webhook({
      id: 'whk_schedule',
      retrySchedule: { delaysMs: [1_000, 60_000, 3_600_000] },
    });
    await storage().webhooks.insert({ webhook: scheduled });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_schedule' })).toEqual(scheduled);
    const exponential: Webhook = {
      ...scheduled,
      retrySchedule: { exponential: { firstMs: 2_000, factor: 3, maxMs: 600_000, retries: 9 } },
      revision: 2,
    };
    expect(await storage().webhooks.replace({ webhook: exponential, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_schedule' })).toEqual(exponential);
    const { retrySchedule: _schedule, ...rest } = exponential;
    expect(await storage().webhooks.replace({ webhook: { ...rest, revision: 3 }, expectedRevision: 2 })).toBe(
      true,
    );
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_schedule' });
    expect(Object.keys(read!)).not.toContain('retrySchedule');
    expect(await storage().webhooks.get({ affiliateId: 'aff_2', id: 'whk_schedule' })).toBeUndefined();
  });

  it('webhooks: signingKeys (sealed or held by the signer), oauth and clientCertificate round-trip through insert and replace; a replace without them clears them', async () => {
    const signed = webhook({
      id: 'whk_keys',
      signingKeys: [
        {
          kid: 'whkey_new',
          publicKey: '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=',
          keyRef: 'projects/p/keyRings/r/cryptoKeys/k/cryptoKeyVersions/2',
          createdAt: t1,
        },
        {
          kid: 'whkey_old',
          publicKey: 'A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=',
          sealed: { ciphertext: 'a2V5', iv: 'aXZpdml2aXZpdml2', tag: 'dGFndGFndGFndGFndGFn' },
          createdAt: t0,
          expiresAt: new Date('2026-11-24T11:00:00.000Z'),
        },
      ],
      oauth: {
        tokenUrl: 'https://auth.example.com/oauth/token',
        clientId: 'client_1',
        scope: 'webhooks',
        sealedSecret: { ciphertext: 'c2VjcmV0', iv: 'aXZpdml2aXZpdml2', tag: 'dGFndGFndGFndGFndGFn' },
      },
      clientCertificate: {
        certificate: '-----BEGIN CERTIFICATE-----\nY2VydA==\n-----END CERTIFICATE-----',
        sealedKey: { ciphertext: 'a2V5', iv: 'aXZpdml2aXZpdml2', tag: 'dGFndGFndGFndGFndGFn' },
        ca: '-----BEGIN CERTIFICATE-----\nY2E=\n-----END CERTIFICATE-----',
      },
    });
    await storage().webhooks.insert({ webhook: signed });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_keys' })).toEqual(signed);
    const rotated: Webhook = { ...signed, signingKeys: signed.signingKeys!.slice(0, 1), revision: 2 };
    expect(await storage().webhooks.replace({ webhook: rotated, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_keys' })).toEqual(rotated);
    const { signingKeys: _keys, oauth: _oauth, clientCertificate: _certificate, ...plain } = rotated;
    expect(
      await storage().webhooks.replace({ webhook: { ...plain, revision: 3 }, expectedRevision: 2 }),
    ).toBe(true);
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_keys' });
    expect(Object.keys(read!)).not.toContain('signingKeys');
    expect(Object.keys(read!)).not.toContain('oauth');
    expect(Object.keys(read!)).not.toContain('clientCertificate');
  });

  it('webhooks: of two concurrent replaces from the same revision, exactly one wins', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_race' }) });
    const results = await Promise.all(
      ['A', 'B'].map((name) =>
        storage().webhooks.replace({
          webhook: webhook({ id: 'whk_race', name, revision: 2 }),
          expectedRevision: 1,
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('webhooks: setBreaker is a compare-and-set on the breaker alone; replace leaves it; it round-trips', async () => {
    const s = storage();
    await s.webhooks.insert({ webhook: webhook({ id: 'whk_breaker' }) });
    const closed: WebhookBreaker = { state: 'closed', failures: 2, changedAt: t0 };
    const open: WebhookBreaker = {
      state: 'open',
      failures: 5,
      openedAt: t0,
      retryAt: new Date(t0.getTime() + 30_000),
      coolingMs: 30_000,
      changedAt: t1,
    };
    const key = { affiliateId: 'aff_1', id: 'whk_breaker' };
    expect(
      await s.webhooks.setBreaker({ ...key, affiliateId: 'aff_2', breaker: closed, expected: undefined }),
    ).toBe(false);
    expect(await s.webhooks.setBreaker({ ...key, breaker: closed, expected: open })).toBe(false);
    expect(await s.webhooks.setBreaker({ ...key, breaker: closed, expected: undefined })).toBe(true);
    expect(await s.webhooks.setBreaker({ ...key, breaker: open, expected: undefined })).toBe(false);
    // The expected value compares equal when read back, so a read-then-write cycle can land.
    const read = await s.webhooks.get(key);
    expect(read!.breaker).toEqual(closed);
    expect(await s.webhooks.setBreaker({ ...key, breaker: open, expected: read!.breaker })).toBe(true);
    expect((await s.webhooks.get(key))!.breaker).toEqual(open);
    // A configuration write neither clears nor overwrites the breaker, nor bumps for it.
    expect(
      await s.webhooks.replace({
        webhook: webhook({ id: 'whk_breaker', name: 'Renamed', revision: 2, breaker: closed }),
        expectedRevision: 1,
      }),
    ).toBe(true);
    const after = await s.webhooks.get(key);
    expect(after).toEqual({ ...webhook({ id: 'whk_breaker', name: 'Renamed', revision: 2 }), breaker: open });
    expect(Object.keys(after!.breaker!).sort()).toEqual(Object.keys(open).sort());
  });

  it('webhooks: of many concurrent setBreaker calls from the same expected breaker, exactly one wins', async () => {
    const s = storage();
    await s.webhooks.insert({ webhook: webhook({ id: 'whk_breaker_race' }) });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, failures) =>
        s.webhooks.setBreaker({
          affiliateId: 'aff_1',
          id: 'whk_breaker_race',
          breaker: { state: 'closed', failures: failures + 1, changedAt: t1 },
          expected: undefined,
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true) + 1;
    expect((await s.webhooks.get({ affiliateId: 'aff_1', id: 'whk_breaker_race' }))!.breaker!.failures).toBe(
      winner,
    );
  });

  it('webhooks: recordHealthCheck stores the check alone, leaving revision and updatedAt', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_health' }) });
    expect(
      await storage().webhooks.recordHealthCheck({ affiliateId: 'aff_2', id: 'whk_health', check }),
    ).toBe(false);
    expect(
      await storage().webhooks.recordHealthCheck({ affiliateId: 'aff_1', id: 'whk_health', check }),
    ).toBe(true);
    const reachable: HealthCheck = {
      reachable: true,
      statusCode: 204,
      latencyMs: 7,
      checkedAt: t1,
      url: 'https://x.example.com/',
    };
    await storage().webhooks.recordHealthCheck({ affiliateId: 'aff_1', id: 'whk_health', check: reachable });
    const read = await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_health' });
    expect(read).toEqual({ ...webhook({ id: 'whk_health' }), lastHealthCheck: reachable });
    expect(Object.keys(read!.lastHealthCheck!)).not.toContain('reason');
  });

  it('webhooks: reserveSends grants slots 1000 / rateLimit ms apart within the horizon, on one timeline that never starts before now', async () => {
    const s = storage();
    await s.webhooks.insert({ webhook: webhook({ id: 'whk_rate', rateLimit: 10 }) });
    await s.webhooks.insert({ webhook: webhook({ id: 'whk_free' }) });
    const key = { affiliateId: 'aff_1', id: 'whk_rate' };
    // 10 a second: slots at 0, 100 ... 1000 ms fit a 1 s horizon; only 3 are asked for.
    expect(await s.webhooks.reserveSends({ ...key, count: 3, now: t0, horizonMs: 1_000 })).toEqual({
      granted: 3,
      firstAt: t0,
      intervalMs: 100,
    });
    // The next reservation starts where the last left off, and stops at the horizon.
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await s.webhooks.reserveSends({ ...key, count: 20, now: at(50), horizonMs: 500 })).toEqual({
      granted: 3,
      firstAt: at(300),
      intervalMs: 100,
    });
    // Nothing fits: none granted, and firstAt says when the next free slot starts.
    expect(await s.webhooks.reserveSends({ ...key, count: 5, now: at(60), horizonMs: 100 })).toEqual({
      granted: 0,
      firstAt: at(600),
      intervalMs: 100,
    });
    // Idle time builds up no burst: the timeline starts again at now.
    expect(await s.webhooks.reserveSends({ ...key, count: 50, now: t1, horizonMs: 250 })).toEqual({
      granted: 3,
      firstAt: t1,
      intervalMs: 100,
    });
    // No rateLimit: everything now. Another tenant or an unknown webhook: undefined.
    expect(
      await s.webhooks.reserveSends({
        affiliateId: 'aff_1',
        id: 'whk_free',
        count: 7,
        now: t0,
        horizonMs: 0,
      }),
    ).toEqual({ granted: 7, firstAt: t0, intervalMs: 0 });
    expect(
      await s.webhooks.reserveSends({ ...key, affiliateId: 'aff_2', count: 1, now: t0, horizonMs: 0 }),
    ).toBe(undefined);
    // A reservation is no configuration change.
    expect(await s.webhooks.get(key)).toEqual(webhook({ id: 'whk_rate', rateLimit: 10 }));
  });

  it('webhooks: of many concurrent reserveSends, no two slots overlap and no window holds more than rate × window + 1', async () => {
    const s = storage();
    const rate = 50;
    await s.webhooks.insert({ webhook: webhook({ id: 'whk_rate_race', rateLimit: rate }) });
    const reservations = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.webhooks.reserveSends({
          affiliateId: 'aff_1',
          id: 'whk_rate_race',
          count: 1 + (i % 7),
          now: new Date(t0.getTime() + (i % 5) * 10),
          horizonMs: 2_000,
        }),
      ),
    );
    const slots = reservations
      .flatMap((r) => Array.from({ length: r!.granted }, (_, i) => r!.firstAt.getTime() + i * r!.intervalMs))
      .sort((a, b) => a - b);
    expect(slots.length).toBeGreaterThan(0);
    // Dates carry whole milliseconds: neighbours are one interval apart, give or take one.
    for (let i = 1; i < slots.length; i += 1) expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(19);
    for (const from of slots) {
      const inWindow = slots.filter((at) => at >= from && at < from + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(rate + 1);
    }
    expect(slots.at(-1)! - t0.getTime()).toBeLessThanOrEqual(2_000 + 40);
  });

  it('webhooks: remove deletes only the owner’s webhook', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_rm' }) });
    expect(await storage().webhooks.remove({ affiliateId: 'aff_2', id: 'whk_rm' })).toBe(false);
    expect(await storage().webhooks.remove({ affiliateId: 'aff_1', id: 'whk_rm' })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_rm' })).toBeUndefined();
    expect(await storage().webhooks.remove({ affiliateId: 'aff_1', id: 'whk_rm' })).toBe(false);
  });

  it("webhooks: a secret's expiringAnnounced round-trips through insert and replace", async () => {
    const [current, replaced] = webhook().secrets;
    const marked = webhook({ id: 'whk_exp', secrets: [current!, { ...replaced!, expiringAnnounced: true }] });
    await storage().webhooks.insert({ webhook: marked });
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_exp' })).toEqual(marked);
    const cleared = { ...marked, secrets: [current!, replaced!], revision: 2 };
    expect(await storage().webhooks.replace({ webhook: cleared, expectedRevision: 1 })).toBe(true);
    expect(await storage().webhooks.get({ affiliateId: 'aff_1', id: 'whk_exp' })).toEqual(cleared);
  });

  it('webhooks: operational events are kept newest first, the newest 50, for the owner only, and go with the webhook', async () => {
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_ops' }) });
    const event = (n: number, affiliateId = 'aff_1') => ({
      id: `opev_${String(n).padStart(3, '0')}`,
      affiliateId,
      webhookId: 'whk_ops',
      type: 'endpoint.disabled',
      at: new Date(t0.getTime() + n * 1_000),
      details: { reason: 'gone', n },
    });
    for (let n = 0; n < 52; n += 1) await storage().webhooks.addOperationalEvent({ event: event(n) });
    // Another tenant's event for this webhook is not kept.
    await storage().webhooks.addOperationalEvent({ event: event(99, 'aff_2') });
    const kept = await storage().webhooks.recentOperationalEvents({
      affiliateId: 'aff_1',
      webhookId: 'whk_ops',
      limit: 100,
    });
    expect(kept).toHaveLength(50);
    expect(kept[0]).toEqual(event(51));
    expect(kept.at(-1)).toEqual(event(2));
    expect(
      await storage().webhooks.recentOperationalEvents({
        affiliateId: 'aff_1',
        webhookId: 'whk_ops',
        limit: 2,
      }),
    ).toEqual([event(51), event(50)]);
    expect(
      await storage().webhooks.recentOperationalEvents({
        affiliateId: 'aff_2',
        webhookId: 'whk_ops',
        limit: 100,
      }),
    ).toEqual([]);
    await storage().webhooks.remove({ affiliateId: 'aff_1', id: 'whk_ops' });
    await storage().webhooks.insert({ webhook: webhook({ id: 'whk_ops' }) });
    expect(
      await storage().webhooks.recentOperationalEvents({
        affiliateId: 'aff_1',
        webhookId: 'whk_ops',
        limit: 100,
      }),
    ).toEqual([]);
  });

  it('webhooks: a rolled-back transaction leaves no webhook behind', async () => {
    await expect(
      storage().transaction(async (tx) => {
        await tx.webhooks.insert({ webhook: webhook({ id: 'whk_tx' }) });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await storage().webhooks.findForOperator({ id: 'whk_tx' })).toBeUndefined();
  });
}
