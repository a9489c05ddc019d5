import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testSecretKey,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookDeps } from '../../deps/webhook-options';
import { memoryStorage } from '../../impl/memory/memory-storage';
import { eventDictionary, isSubscribable } from '../../rules/events/event-dictionary';
import { validateInterests, validateWebhookUrl } from './webhook-input';

const subscribable = eventDictionary.filter((event) => isSubscribable(event.name)).map((event) => event.name);
const names = new Set<string>(eventDictionary.map((event) => event.name));

describe('6.1: the event dictionary behind webhookInterests', () => {
  it('has 60 events: 58 public, 2 internal, 57 subscribable, each with a 6.2 category, description and emitter', () => {
    expect(eventDictionary).toHaveLength(60);
    expect(names.size).toBe(60);
    expect(eventDictionary.filter((e) => e.visibility === 'public')).toHaveLength(58);
    expect(eventDictionary.filter((e) => e.visibility === 'internal')).toHaveLength(2);
    expect(subscribable).toHaveLength(57);
    expect(eventDictionary.filter((e) => !e.implemented).map((e) => e.name)).toEqual([
      'pharmacy_rejected_prescription',
    ]);
    const categories = [
      'ORDER',
      'PRESCRIPTION',
      'SHIPPING',
      'PHARMACY',
      'PAYMENT',
      'LAB',
      'SUPPORT',
      'JOURNEY',
      'COMMERCE',
      'PATIENT',
      'INTERNAL',
    ];
    for (const event of eventDictionary) {
      expect(categories).toContain(event.category);
      expect(event.description.length).toBeGreaterThan(0);
      expect(event.emittedBy).toMatch(/^(commerce\.\w+|(GET|POST|PUT|PATCH|DELETE) \/\S*|internal)$/);
    }
  });

  it('includes the eight names docs/api.md §6.1 lists, all subscribable', () => {
    for (const name of [
      'order_created',
      'subscription_renewed',
      'patient_enrolled',
      'custom_intake_form_completed',
      'journey_contact_captured',
      'journey_checkout_started',
      'journey_completed',
      'journey_abandoned',
    ]) {
      expect(isSubscribable(name)).toBe(true);
    }
  });
});

describe('validateInterests', () => {
  it('property: any list of subscribable events is accepted, de-duplicated, first occurrences in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...subscribable), { maxLength: 80 }), (list) => {
        expect(validateInterests(list)._unsafeUnwrap()).toEqual([...new Set(list)]);
      }),
    );
  });

  it('property: one name outside the subscribable set refuses the whole list, naming it', () => {
    const outsider = fc.oneof(
      fc.string().filter((s) => !names.has(s)),
      fc.constantFrom('internal_patient_merged', 'internal_audit_recorded', 'pharmacy_rejected_prescription'),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...subscribable)), outsider, fc.nat(), (list, bad, at) => {
        const withBad: string[] = [...list];
        withBad.splice(at % (list.length + 1), 0, bad);
        const error = validateInterests(withBad)._unsafeUnwrapErr();
        expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'webhookInterests' });
        expect(error.message).toContain(`'${bad}'`);
      }),
    );
  });
});

describe('validateWebhookUrl', () => {
  const policy = { allowPrivateNetworks: false };

  it('property: any https URL on a public name and an allowed port is accepted and stored normalised', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }), (url) => {
        fc.pre(
          !/@/.test(new URL(url).host) &&
            !new URL(url).username &&
            !/^\[?[\d.:a-f]+\]?$/i.test(new URL(url).hostname),
        );
        fc.pre(!/(^|\.)localhost$/i.test(new URL(url).hostname) && !/^metadata/i.test(new URL(url).hostname));
        const port = new URL(url).port;
        const withPort = { ...policy, allowedPorts: port === '' ? [] : [Number(port)] };
        expect(validateWebhookUrl(url, withPort)._unsafeUnwrap()).toBe(new URL(url).href);
      }),
    );
  });

  it('property: an https URL on any port but 443 and the allowed ones is refused, naming the port', () => {
    const port = fc.integer({ min: 1, max: 65_535 }).filter((n) => n !== 443);
    fc.assert(
      fc.property(port, fc.array(port, { maxLength: 3 }), (chosen, allowedPorts) => {
        const result = validateWebhookUrl(`https://hooks.example.com:${chosen}/in`, {
          ...policy,
          allowedPorts,
        });
        if (allowedPorts.includes(chosen)) {
          expect(result._unsafeUnwrap()).toBe(`https://hooks.example.com:${chosen}/in`);
        } else {
          expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field: 'url' });
          expect(result._unsafeUnwrapErr().message).toContain(`port ${chosen} is not allowed`);
        }
      }),
    );
  });

  it('443 written out is the default port: accepted and stored without it', () => {
    expect(validateWebhookUrl('https://hooks.example.com:443/in', policy)._unsafeUnwrap()).toBe(
      'https://hooks.example.com/in',
    );
  });

  it('with allowPrivateNetworks (development) any port is accepted, on http too', () => {
    const development = { allowPrivateNetworks: true };
    expect(validateWebhookUrl('http://127.0.0.1:49152/hook', development)._unsafeUnwrap()).toBe(
      'http://127.0.0.1:49152/hook',
    );
    expect(validateWebhookUrl('https://hooks.example.com:22/', development).isOk()).toBe(true);
  });

  it('the Azure host agent address (168.63.129.16) is refused like a metadata endpoint', () => {
    expect(validateWebhookUrl('https://168.63.129.16/', policy)._unsafeUnwrapErr()).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'url',
      message: expect.stringContaining('cloud metadata'),
    });
  });

  it('property: any http URL is refused unless private networks are allowed', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http'] }), (url) => {
        fc.pre(!new URL(url).username && !new URL(url).password);
        expect(validateWebhookUrl(url, policy).isErr()).toBe(true);
      }),
    );
  });
});

describe('2.1 and 4.7: webhook ports through the service', () => {
  const receiver = () =>
    fakeHttpClient(() => ({ ok: true, status: 200, headers: {}, bodyText: '', latencyMs: 5 }));
  const resolver = () => fakeResolver({ 'hooks.example.com': ['93.184.216.34'] });

  const send = (service: TestService, method: string, path: string, body: unknown) =>
    service.handle(
      new Request(`http://api.test${path}`, {
        method,
        headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  it('2.1 a webhook URL on a refused port is 422 INVALID_FIELD on url, when created and when updated', async () => {
    const http = receiver();
    const service = testService({ http, resolver: resolver() });
    const created = await send(service, 'POST', '/v2/webhooks', {
      name: 'Orders',
      url: 'https://hooks.example.com:8443/orders',
    });
    expect(created.status).toBe(422);
    expect(await created.json()).toEqual({
      success: false,
      error: {
        code: 'INVALID_FIELD',
        field: 'url',
        message: expect.stringContaining('port 8443 is not allowed (allowed: 443)'),
      },
    });
    const saved = await send(service, 'POST', '/v2/webhooks', {
      name: 'Orders',
      url: 'https://hooks.example.com:443/orders',
    });
    expect(saved.status).toBe(201);
    const { data } = (await saved.json()) as { data: { id: string; url: string } };
    expect(data.url).toBe('https://hooks.example.com/orders');
    const updated = await send(service, 'PUT', `/v2/webhooks/${data.id}`, {
      url: 'https://hooks.example.com:22/',
    });
    expect(updated.status).toBe(422);
    expect(await updated.json()).toMatchObject({ error: { code: 'INVALID_FIELD', field: 'url' } });
    expect(http.requests).toEqual([]);
  });

  it('4.7 a probe of a refused port answers reachable: false (blocked_port) and sends nothing, saved or not', async () => {
    const http = receiver();
    const service = testService({ http, resolver: resolver() });
    const unsaved = await send(service, 'POST', '/v2/webhooks/actions/checkHealth', {
      url: 'https://hooks.example.com:6379/',
    });
    expect(unsaved.status).toBe(200);
    expect(await unsaved.json()).toMatchObject({
      success: true,
      data: {
        reachable: false,
        statusCode: 0,
        reason: 'blocked_port',
        detail: 'port 6379 is not allowed (allowed: 443)',
        persisted: false,
      },
    });
    const created = await send(service, 'POST', '/v2/webhooks', {
      name: 'Orders',
      url: 'https://hooks.example.com/orders',
    });
    const { data } = (await created.json()) as { data: { id: string } };
    const saved = await send(service, 'POST', `/v2/webhooks/${data.id}/actions/checkHealth`, {
      url: 'https://hooks.example.com:22/',
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      data: { reachable: false, reason: 'blocked_port', persisted: true },
    });
    expect(http.requests).toEqual([]);
  });

  it('2.1 and 4.7 the allowedPorts service option opens a port for saving and probing', async () => {
    const http = receiver();
    const service = testService({ http, resolver: resolver(), allowedPorts: [8443] });
    const created = await send(service, 'POST', '/v2/webhooks', {
      name: 'Orders',
      url: 'https://hooks.example.com:8443/orders',
    });
    expect(created.status).toBe(201);
    const probe = await send(service, 'POST', '/v2/webhooks/actions/checkHealth', {
      url: 'https://hooks.example.com:8443/orders',
    });
    expect(await probe.json()).toMatchObject({ data: { reachable: true, statusCode: 200 } });
    expect(http.requests.map((request) => request.url)).toEqual(['https://hooks.example.com:8443/orders']);
    const other = await send(service, 'POST', '/v2/webhooks/actions/checkHealth', {
      url: 'https://hooks.example.com:8444/orders',
    });
    expect(await other.json()).toMatchObject({
      data: {
        reachable: false,
        reason: 'blocked_port',
        detail: 'port 8444 is not allowed (allowed: 443, 8443)',
      },
    });
  });

  it('a delivery to a URL whose port is no longer allowed fails its attempt as blocked_port and sends nothing', async () => {
    const storage = memoryStorage();
    const http = receiver();
    const before = testService({ storage, http, resolver: resolver(), allowedPorts: [8443] });
    const created = await send(before, 'POST', '/v2/webhooks', {
      name: 'Orders',
      url: 'https://hooks.example.com:8443/orders',
      webhookInterests: ['order_created'],
    });
    const { data } = (await created.json()) as { data: { id: string } };
    const after = testService({ storage, http, resolver: resolver() });
    await after.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: 'ord_1', order_status: 'paid' },
    });
    await after.deliveries.runDue({ limit: 10 });
    const log = await after.handle(
      new Request(`http://api.test/v2/webhooks/${data.id}/deliveries`, {
        headers: { authorization: `Bearer ${testTokens.superAdmin}` },
      }),
    );
    const { items } = ((await log.json()) as { data: { items: { succeeded: boolean; error?: string }[] } })
      .data;
    expect(items).toEqual([
      expect.objectContaining({
        succeeded: false,
        error: 'blocked_port: port 8443 is not allowed (allowed: 443)',
      }),
    ]);
    expect(http.requests).toEqual([]);
  });

  it('webhookDeps takes port numbers only in allowedPorts; anything else is a TypeError', () => {
    for (const bad of [0, 65_536, 80.5, Number.NaN]) {
      expect(() => webhookDeps({ secretKey: testSecretKey, allowedPorts: [bad] })).toThrow(
        /^@affiliate-commerce\/core: allowedPorts/,
      );
    }
    expect(webhookDeps({ secretKey: testSecretKey, allowedPorts: [8443] }).allowedPorts).toEqual([8443]);
    expect('allowedPorts' in webhookDeps({ secretKey: testSecretKey })).toBe(false);
  });
});
