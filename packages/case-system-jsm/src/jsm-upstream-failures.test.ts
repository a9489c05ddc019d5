import { contractSeed } from '@affiliate-commerce/testkit';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fails, jsmAgainstFake, ok } from './jsm-harness.test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const orderProblem = {
  requestTypeId: '10',
  requestFieldValues: { summary: 'Parcel arrived damaged', customfield_10050: 'ord_1' },
};

function seeded(overrides: Parameters<typeof jsmAgainstFake>[1] = {}) {
  const harness = jsmAgainstFake(server, overrides);
  harness.fake.seed(contractSeed);
  return harness;
}

const postsOfCreate = (harness: ReturnType<typeof seeded>) =>
  harness.fake.calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/request'))
    .length;

describe('jsmCaseSystem: JSM rate limits (429) and unavailability (docs/api.md §7)', () => {
  it('7 a 429 is retried after the Retry-After seconds, then succeeds', async () => {
    const harness = seeded();
    harness.fake.failNext(
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 429, headers: { 'Retry-After': '5' } },
    );
    expect(await ok(harness.caseSystem.listRequestTypes())).toHaveLength(3);
    expect(harness.sleeps).toEqual([2000, 5000]);
  });

  it('7 a 429 without Retry-After backs off exponentially, spread by jitter', async () => {
    const harness = seeded({ random: () => 0.5 });
    harness.fake.failNext({ status: 429 }, { status: 429 }, { status: 429 });
    expect(await ok(harness.caseSystem.listRequestTypeFields({ requestTypeId: '11' }))).toHaveLength(2);
    expect(harness.sleeps).toEqual([1000, 2000, 4000]);

    const spread = seeded({ random: () => 0 });
    spread.fake.failNext({ status: 429 });
    await ok(spread.caseSystem.listRequestTypeFields({ requestTypeId: '11' }));
    expect(spread.sleeps).toEqual([800]);
  });

  it('7 a create answered 429 is retried and creates the request once', async () => {
    const harness = seeded();
    harness.fake.failNext({ status: 429, headers: { 'Retry-After': '1' } });
    expect((await ok(harness.caseSystem.createRequest(orderProblem))).issueKey).toBe('SUP-1');
    expect(harness.fake.requestCount()).toBe(1);
    expect(postsOfCreate(harness)).toBe(2);
  });

  it('7 a 429 that never ends is UPSTREAM_UNAVAILABLE after the bounded retries, creating nothing', async () => {
    const harness = seeded({ maxRetries: 2 });
    harness.fake.failNext(...Array(10).fill({ status: 429, headers: { 'Retry-After': '1' } }));
    const error = await fails(harness.caseSystem.createRequest(orderProblem));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(harness.sleeps).toEqual([1000, 1000]);
    expect(postsOfCreate(harness)).toBe(3);
    expect(harness.fake.requestCount()).toBe(0);
  });

  it('7 a Retry-After beyond a minute is not waited out: UPSTREAM_UNAVAILABLE at once', async () => {
    const harness = seeded();
    harness.fake.failNext({ status: 429, headers: { 'Retry-After': '3600' } });
    expect((await fails(harness.caseSystem.listRequestTypes())).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(harness.sleeps).toEqual([]);
  });

  it('7 a 503 with Retry-After is retried like a 429', async () => {
    const harness = seeded();
    harness.fake.failNext({ status: 503, headers: { 'Retry-After': '3' } });
    expect((await ok(harness.caseSystem.createRequest(orderProblem))).issueKey).toBe('SUP-1');
    expect(harness.sleeps).toEqual([3000]);
  });

  it('7 a 503 without Retry-After is UPSTREAM_UNAVAILABLE at once and creates nothing', async () => {
    const harness = seeded();
    harness.fake.failNext({ status: 503 });
    expect((await fails(harness.caseSystem.createRequest(orderProblem))).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(harness.sleeps).toEqual([]);
    expect(postsOfCreate(harness)).toBe(1);
    expect(harness.fake.requestCount()).toBe(0);
  });

  it('7 a 500 is UPSTREAM_UNAVAILABLE; the create is not repeated and nothing is left behind', async () => {
    const harness = seeded();
    harness.fake.failNext({ status: 500, body: { errorMessage: 'Internal server error' } });
    const error = await fails(harness.caseSystem.createRequest(orderProblem));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(String(error.cause)).toContain('500');
    expect(postsOfCreate(harness)).toBe(1);
    expect(harness.fake.requestCount()).toBe(0);
  });

  it('7 a time-out is UPSTREAM_UNAVAILABLE and creates nothing', async () => {
    const harness = seeded({ timeoutMs: 25 });
    harness.fake.failNext('hang');
    const error = await fails(harness.caseSystem.createRequest(orderProblem));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(String(error.cause)).toMatch(/TimeoutError|AbortError/);
    expect(harness.fake.requestCount()).toBe(0);
  });

  it('7 a network error is UPSTREAM_UNAVAILABLE and creates nothing', async () => {
    const harness = seeded();
    harness.fake.failNext('network-error');
    const error = await fails(harness.caseSystem.createRequest(orderProblem));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(String(error.cause)).toContain('TypeError');
    expect(harness.fake.requestCount()).toBe(0);
  });

  it('7 a failure on a later page fails the whole list', async () => {
    const harness = seeded();
    harness.fake.failNext({
      status: 200,
      body: { size: 0, start: 0, limit: 50, isLastPage: false, values: [] },
    });
    expect((await fails(harness.caseSystem.listRequestTypes())).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('7 an answer of an unexpected shape is UPSTREAM_UNAVAILABLE', async () => {
    const harness = seeded();
    const created = await ok(harness.caseSystem.createRequest(orderProblem));
    harness.fake.failNext({ status: 201, body: { id: 'no-body-field' } });
    expect(
      (
        await fails(
          harness.caseSystem.addComment({ issueIdOrKey: created.issueKey, body: 'x', public: true }),
        )
      ).code,
    ).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('7 refused credentials (401) and a wrong service desk (404) are UPSTREAM_UNAVAILABLE, not the caller’s fault', async () => {
    const wrongToken = seeded({ apiToken: 'revoked' });
    expect((await fails(wrongToken.caseSystem.listRequestTypes())).code).toBe('UPSTREAM_UNAVAILABLE');

    const wrongDesk = seeded({ serviceDeskId: '99' });
    expect((await fails(wrongDesk.caseSystem.listRequestTypes())).code).toBe('UPSTREAM_UNAVAILABLE');
    const upload = wrongDesk.caseSystem.attachTemporaryFile({
      filename: 'a.txt',
      contentType: 'text/plain',
      data: new Uint8Array([1]),
    });
    expect((await fails(upload)).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('7 JSM 404s for a request type or a request are NOT_FOUND', async () => {
    const harness = seeded();
    expect((await fails(harness.caseSystem.listRequestTypeFields({ requestTypeId: '404' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await fails(harness.caseSystem.createRequest({ requestTypeId: '404', requestFieldValues: {} }))).code,
    ).toBe('NOT_FOUND');
    expect((await fails(harness.caseSystem.getRequestStatus({ issueIdOrKey: 'SUP-404' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(harness.fake.calls.every((call) => call.url.pathname.startsWith('/rest/servicedeskapi/'))).toBe(
      true,
    );
  });
});
