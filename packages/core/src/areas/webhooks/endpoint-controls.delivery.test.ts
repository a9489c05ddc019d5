import {
  apiRequest,
  fakeHttpClient,
  fakeResolver,
  memoryLogger,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../kernel/openapi';
import type { HttpOutcome, HttpRequest } from '../../ports/net/http-client';
import { webhookUserAgent } from './signature';

const apiKey = 'sk_live_wire_value_5be1';
const bearer = 'wire-bearer-token-0d7a';
const values = [apiKey, bearer];
const custom = { 'X-Api-Key': apiKey, Authorization: `Bearer ${bearer}` };

const answer = (status: number): HttpOutcome => ({
  ok: true,
  status,
  headers: {},
  bodyText: '',
  latencyMs: 3,
});

/**
 * A service whose receivers answer 200 (410 under `/gone`), every request recorded, every log
 * line kept; and the answers of the API, kept too, to search for header values.
 */
function setup(
  respond: (request: HttpRequest) => HttpOutcome = (request) =>
    answer(new URL(request.url).pathname.startsWith('/gone') ? 410 : 200),
) {
  const http = fakeHttpClient(respond);
  const { logger, lines } = memoryLogger();
  const service = testService({
    http,
    logger,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
  });
  const answers: string[] = [];
  async function call(method: string, path: string, body?: unknown) {
    const response = await service.handle(
      apiRequest(`http://api.test${path}`, { method, token: testTokens.superAdmin, body }),
    );
    const text = await response.text();
    answers.push(text);
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, data: (JSON.parse(text) as any).data };
  }
  return { service, http, lines, answers, call };
}

type Setup = ReturnType<typeof setup>;

async function createWebhook(
  { call }: Setup,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; secret: string }> {
  const created = await call('POST', '/v2/webhooks', {
    name,
    url: `https://hooks.example.com/${name}`,
    webhookInterests: ['ecommerce_order_created'],
    ...extra,
  });
  expect(created.status).toBe(201);
  return { id: created.data.id, secret: created.data.credentials.secret };
}

const emitOrder = (service: TestService, id: string) =>
  service.commerce.emit({
    affiliateId: 'aff_1',
    eventType: 'ecommerce_order_created',
    data: { ecommerce_order_id: id, total_value_cents: 4900, currency: 'USD' },
  });

const sentTo = (http: Setup['http'], name: string) =>
  http.requests.filter((request) => new URL(request.url).pathname === `/${name}`);

/** The headers every delivery sets itself, without the custom ones. */
const ownHeaders = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !(name in custom)));

describe('custom headers on the wire', () => {
  it('a delivery carries them, and its own headers are those of a webhook without any', async () => {
    const context = setup();
    const { service, http } = context;
    const withHeaders = await createWebhook(context, 'with', { headers: custom });
    const without = await createWebhook(context, 'without');
    const event = await emitOrder(service, 'ord_1');
    expect(await service.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 2 });

    const [sent] = sentTo(http, 'with');
    const [plain] = sentTo(http, 'without');
    expect(sent!.headers).toMatchObject(custom);
    expect(sent!.headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': webhookUserAgent,
      'X-Webhook-Id': event.eventId,
    });
    // Same names, same values but for the signatures, which differ only by the secret.
    const own = ownHeaders(sent!.headers);
    expect(Object.keys(own).sort()).toEqual(Object.keys(plain!.headers).sort());
    for (const [name, value] of Object.entries(plain!.headers)) {
      if (!/signature/i.test(name)) expect(own[name], name).toBe(value);
    }
    expect(sent!.body).toBe(plain!.body);
    const verified = verifyWebhook({
      payload: sent!.body!,
      signature: sent!.headers['X-Webhook-Signature']!,
      secret: withHeaders.secret,
      now: service.clock.now(),
    });
    expect(verified).toMatchObject({ event_id: event.eventId });
    expect(without.id).not.toBe(withHeaders.id);
  });

  it('an example carries them', async () => {
    const context = setup();
    const { id } = await createWebhook(context, 'example', { headers: custom });
    const queued = await context.call('POST', `/v2/webhooks/${id}/actions/sendExample`, {
      eventType: 'journey_completed',
    });
    expect(queued.status).toBe(202);
    await context.service.deliveries.runDue({ limit: 10 });
    const [sent] = sentTo(context.http, 'example');
    expect(sent!.headers).toMatchObject({ ...custom, 'X-Webhook-Id': queued.data.eventId });
  });

  it('a health check of the saved URL carries them; one of an override URL does not', async () => {
    const context = setup();
    const { id } = await createWebhook(context, 'health', { headers: custom });
    expect((await context.call('POST', `/v2/webhooks/${id}/actions/checkHealth`)).status).toBe(200);
    expect(context.http.requests.at(-1)!.headers).toMatchObject(custom);

    const override = await context.call('POST', `/v2/webhooks/${id}/actions/checkHealth`, {
      url: 'https://hooks.example.com/elsewhere',
    });
    expect(override.status).toBe(200);
    const probe = context.http.requests.at(-1)!;
    expect(probe.url).toBe('https://hooks.example.com/elsewhere');
    expect(probe.headers).not.toHaveProperty('X-Api-Key');
    expect(probe.headers).not.toHaveProperty('Authorization');
    expect(probe.headers['Content-Type']).toBe('application/json');
  });

  it('the values never appear in a log line, the attempt log, an answer about the webhook, or the OpenAPI document', async () => {
    const context = setup();
    const { service, call, lines, answers } = context;
    const kept = await createWebhook(context, 'kept', { headers: custom, ordering: 'entity' });
    const gone = await createWebhook(context, 'gone', { headers: custom });
    await emitOrder(service, 'ord_1');
    await call('POST', `/v2/webhooks/${kept.id}/actions/sendExample`, { eventType: 'ecommerce_order_paid' });
    await call('POST', `/v2/webhooks/${kept.id}/actions/checkHealth`);
    await call('POST', `/v2/webhooks/${kept.id}/actions/checkHealth`, { url: 'https://hooks.example.com/x' });
    await service.deliveries.runDue({ limit: 10 });

    for (const id of [kept.id, gone.id]) {
      const attempts = await call('GET', `/v2/webhooks/${id}/deliveries`);
      expect(attempts.status).toBe(200);
      expect(attempts.data.items.length).toBeGreaterThan(0);
      await call('GET', `/v2/webhooks/${id}`);
    }
    const updated = await call('PUT', `/v2/webhooks/${kept.id}`, { headers: { 'X-Extra': `${apiKey}-2` } });
    expect(updated.data.headers).toEqual({
      'X-Api-Key': '********',
      Authorization: '********',
      'X-Extra': '********',
    });
    await call('GET', '/v2/webhooks');
    await call('GET', '/v2/events');
    expect(await service.webhooks.get({ affiliateId: 'aff_1', id: kept.id })).toMatchObject({
      headers: { 'X-Api-Key': '********' },
    });

    // The 410 disabled `gone`, and the worker logged its way there.
    expect(lines.some((line) => JSON.stringify(line).includes(gone.id))).toBe(true);
    const openApi = JSON.stringify(generateOpenApi(service.routes, { version: 'test' }));
    expect(openApi).toContain('"********"');
    for (const value of values) {
      for (const line of lines) expect(JSON.stringify(line)).not.toContain(value);
      for (const text of answers) expect(text).not.toContain(value);
      expect(openApi).not.toContain(value);
    }
  });
});

describe('custom headers after a URL change, and receivers that echo them', () => {
  /** A service whose receivers answer 200 with every request header they were sent, as an echo server does. */
  const echoing = () =>
    setup((request) => ({ ...answer(200), bodyText: JSON.stringify({ echoed: request.headers }) }));

  async function callAs(service: TestService, token: string, method: string, path: string, body?: unknown) {
    const response = await service.handle(apiRequest(`http://api.test${path}`, { method, token, body }));
    return { status: response.status, text: await response.text() };
  }

  it('a new URL keeps none of the headers: the next check and delivery to it carry none, and the record lists none', async () => {
    const context = echoing();
    const { service, http } = context;
    const { id } = await createWebhook(context, 'moved', { headers: custom });
    const put = await callAs(service, testTokens.superAdmin, 'PUT', `/v2/webhooks/${id}`, {
      url: 'https://hooks.example.com/echo',
    });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text).data).not.toHaveProperty('headers');

    expect(
      (await callAs(service, testTokens.superAdmin, 'POST', `/v2/webhooks/${id}/actions/checkHealth`)).status,
    ).toBe(200);
    const queued = await callAs(
      service,
      testTokens.superAdmin,
      'POST',
      `/v2/webhooks/${id}/actions/sendExample`,
      {
        eventType: 'ecommerce_order_paid',
      },
    );
    expect(queued.status).toBe(202);
    await service.deliveries.runDue({ limit: 10 });
    const toNewUrl = sentTo(http, 'echo');
    expect(toNewUrl.length).toBe(2);
    for (const request of toNewUrl) {
      expect(request.headers).not.toHaveProperty('X-Api-Key');
      expect(request.headers).not.toHaveProperty('Authorization');
    }
    const log = await callAs(service, testTokens.admin, 'GET', `/v2/webhooks/${id}/deliveries`);
    expect(log.status).toBe(200);
    for (const value of values) expect(log.text).not.toContain(value);
  });

  it('headers sent with the new URL are the only ones it gets', async () => {
    const context = echoing();
    const { service, http } = context;
    const { id } = await createWebhook(context, 'resent', { headers: custom });
    const put = await callAs(service, testTokens.superAdmin, 'PUT', `/v2/webhooks/${id}`, {
      url: 'https://hooks.example.com/next',
      headers: { 'X-Api-Key': apiKey, Authorization: null },
    });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text).data.headers).toEqual({ 'X-Api-Key': '********' });
    await emitOrder(service, 'ord_resent');
    await service.deliveries.runDue({ limit: 10 });
    const [sent] = sentTo(http, 'next');
    expect(sent!.headers['X-Api-Key']).toBe(apiKey);
    expect(sent!.headers).not.toHaveProperty('Authorization');
  });

  it('an answer that echoes the headers is kept with each value masked, for every reader of the attempt log', async () => {
    const context = echoing();
    const { service } = context;
    const { id } = await createWebhook(context, 'echo', { headers: custom });
    await emitOrder(service, 'ord_echo');
    await service.deliveries.runDue({ limit: 10 });
    for (const token of [testTokens.superAdmin, testTokens.admin]) {
      const log = await callAs(service, token, 'GET', `/v2/webhooks/${id}/deliveries`);
      expect(log.status).toBe(200);
      for (const value of values) expect(log.text).not.toContain(value);
      const [item] = JSON.parse(log.text).data.items;
      expect(JSON.parse(item.responseBody).echoed).toMatchObject({
        'X-Api-Key': '********',
        Authorization: '********',
        'Content-Type': 'application/json',
      });
    }
    const list = await callAs(service, testTokens.superAdmin, 'GET', '/v2/deliveries');
    const [delivery] = JSON.parse(list.text).data.deliveries;
    const detail = await callAs(service, testTokens.superAdmin, 'GET', `/v2/deliveries/${delivery.id}`);
    expect(detail.status).toBe(200);
    for (const value of values) expect(detail.text).not.toContain(value);
  });
});
