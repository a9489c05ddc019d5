import { fakeHttpClient, fakeResolver, testService, testTokens } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../ports/net/http-client';

const tokenUrl = 'https://auth.example.com/oauth/token';
const clientSecret = 'cs_live_very_secret_value';

/** A token endpoint and a receiver that accepts only the token it issued last. */
function receiverWithTokenEndpoint() {
  let issued = 0;
  let current = '';
  const state = { tokenStatus: 200, expiresIn: 3600 as number | undefined, revoke: false };
  const tokenRequests: HttpRequest[] = [];
  const deliveries: HttpRequest[] = [];
  const answer = (status: number, body: unknown): HttpOutcome => ({
    ok: true,
    status,
    headers: {},
    bodyText: JSON.stringify(body),
    latencyMs: 1,
  });
  const http = fakeHttpClient((request) => {
    if (request.url === tokenUrl) {
      tokenRequests.push(request);
      if (state.tokenStatus !== 200)
        return answer(state.tokenStatus, { error: 'invalid_client', error_description: clientSecret });
      issued += 1;
      current = `tok_${issued}`;
      return answer(200, {
        access_token: current,
        token_type: 'Bearer',
        ...(state.expiresIn ? { expires_in: state.expiresIn } : {}),
      });
    }
    deliveries.push(request);
    if (state.revoke) {
      state.revoke = false;
      current = 'revoked';
    }
    return answer(request.headers.Authorization === `Bearer ${current}` ? 200 : 401, {});
  });
  return { http, state, tokenRequests, deliveries };
}

async function setup() {
  const receiver = receiverWithTokenEndpoint();
  const svc = testService({
    http: receiver.http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'], 'auth.example.com': ['93.184.216.35'] }),
  });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string = testTokens.superAdmin,
  ) => {
    const response = await svc.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, text, json: JSON.parse(text) as any };
  };
  const created = await call('POST', '/v2/webhooks', {
    name: 'OAuth',
    url: 'https://hooks.example.com/in',
    webhookInterests: ['ecommerce_order_created'],
  });
  const id: string = created.json.data.id;
  let orders = 0;
  const order = async () => {
    orders += 1;
    const order = {
      id: `ord_${orders}`,
      status: 'pending' as const,
      totalCents: 100,
      currency: 'USD',
      products: [],
    };
    await svc.commerce.recordOrder({ affiliateId: 'aff_1', order });
    await svc.deliveries.runDue({ limit: 100 });
  };
  const attempts = async () => (await call('GET', `/v2/webhooks/${id}/deliveries`)).json.data.items;
  return { svc, receiver, call, id, order, attempts };
}

const credentials = { tokenUrl, clientId: 'client 1', clientSecret, scope: 'webhooks:write' };

describe('OAuth client credentials to receivers (api.md: OAuth client credentials)', () => {
  it('PUT oauth shows the credentials without the secret; deliveries carry a bearer token fetched once and cached', async () => {
    const { receiver, call, id, order, attempts } = await setup();
    const set = await call('PUT', `/v2/webhooks/${id}/oauth`, credentials);
    expect(set.status).toBe(200);
    expect(set.json.data.oauth).toEqual({ tokenUrl, clientId: 'client 1', scope: 'webhooks:write' });
    expect(set.text).not.toContain(clientSecret);
    expect((await call('GET', `/v2/webhooks/${id}`)).text).not.toContain(clientSecret);

    await order();
    await order();
    expect(receiver.tokenRequests).toHaveLength(1);
    const [tokenRequest] = receiver.tokenRequests;
    expect(tokenRequest!.method).toBe('POST');
    expect(tokenRequest!.pinnedAddress.address).toBe('93.184.216.35');
    expect(tokenRequest!.body).toBe('grant_type=client_credentials&scope=webhooks%3Awrite');
    expect(Buffer.from(tokenRequest!.headers.Authorization!.slice(6), 'base64').toString()).toBe(
      `client+1:${clientSecret}`,
    );
    expect(receiver.deliveries.map((d) => d.headers.Authorization)).toEqual(['Bearer tok_1', 'Bearer tok_1']);
    expect((await attempts()).every((a: { succeeded: boolean }) => a.succeeded)).toBe(true);
  });

  it('fetches a new token shortly before the cached one expires', async () => {
    const { svc, receiver, call, id, order } = await setup();
    receiver.state.expiresIn = 600;
    await call('PUT', `/v2/webhooks/${id}/oauth`, credentials);
    await order();
    svc.clock.advance(600_000 - 60_000 - 1);
    await order();
    expect(receiver.tokenRequests).toHaveLength(1);
    svc.clock.advance(1);
    await order();
    expect(receiver.tokenRequests).toHaveLength(2);
    expect(receiver.deliveries.at(-1)!.headers.Authorization).toBe('Bearer tok_2');
  });

  it('a 401 to a cached token fetches a new one and sends once more; the attempt succeeds', async () => {
    const { receiver, call, id, order, attempts } = await setup();
    await call('PUT', `/v2/webhooks/${id}/oauth`, credentials);
    await order();
    receiver.state.revoke = true;
    await order();
    expect(receiver.tokenRequests).toHaveLength(2);
    expect(receiver.deliveries.map((d) => d.headers.Authorization)).toEqual([
      'Bearer tok_1',
      'Bearer tok_1',
      'Bearer tok_2',
    ]);
    expect((await attempts()).map((a: { succeeded: boolean }) => a.succeeded)).toEqual([true, true]);
  });

  it('a token endpoint that refuses fails the attempt as token_failed: nothing is sent, the log names no secret', async () => {
    const { receiver, call, id, order, attempts } = await setup();
    receiver.state.tokenStatus = 401;
    await call('PUT', `/v2/webhooks/${id}/oauth`, credentials);
    await order();
    expect(receiver.deliveries).toEqual([]);
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({
      succeeded: false,
      error: 'token_failed: token endpoint answered 401 (invalid_client)',
    });
    expect(JSON.stringify(await attempts())).not.toContain(clientSecret);
  });

  it('a token URL on a refused address fails the attempt before any request (the address checks of deliveries)', async () => {
    const { receiver, call, id, order, attempts, svc } = await setup();
    await call('PUT', `/v2/webhooks/${id}/oauth`, {
      ...credentials,
      tokenUrl: 'https://auth.internal.example/token',
    });
    expect(svc).toBeDefined();
    await order();
    expect(receiver.tokenRequests).toEqual([]);
    const [attempt] = await attempts();
    expect(attempt.error).toMatch(/^token_failed: token endpoint not reached: dns_failed/);
  });

  it('refuses bad input with 422 naming the field, another tenant with 404, and DELETE drops the credentials', async () => {
    const { receiver, call, id, order } = await setup();
    const cases: [unknown, string][] = [
      [{ ...credentials, tokenUrl: 'http://127.0.0.1/token' }, 'tokenUrl'],
      [{ ...credentials, clientId: ' ' }, 'clientId'],
      [{ ...credentials, clientSecret: undefined }, 'clientSecret'],
      [{ ...credentials, scope: 'x'.repeat(1001) }, 'scope'],
    ];
    for (const [body, field] of cases) {
      const refused = await call('PUT', `/v2/webhooks/${id}/oauth`, body);
      expect(refused.status).toBe(422);
      expect(refused.json.error).toMatchObject({ code: 'INVALID_FIELD', field });
    }
    expect(
      (await call('PUT', `/v2/webhooks/${id}/oauth`, credentials, testTokens.otherSuperAdmin)).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/v2/webhooks/${id}/oauth`, undefined, testTokens.otherSuperAdmin)).status,
    ).toBe(404);
    await call('PUT', `/v2/webhooks/${id}/oauth`, credentials);
    const removed = await call('DELETE', `/v2/webhooks/${id}/oauth`);
    expect(removed.status).toBe(200);
    expect(removed.json.data.oauth).toBeUndefined();
    await order();
    expect(receiver.tokenRequests).toEqual([]);
    expect(receiver.deliveries[0]!.headers.Authorization).toBeUndefined();
  });
});
