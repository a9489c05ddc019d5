import { describe, expect, it } from 'vitest';
import { createCapture } from './capture';
import { fakeWindow } from './fake-window.test-support';

const baseUrl = 'https://api.example.com/svc';
const href = 'https://ann:pw@shop.example/start?utm_source=x&gclid=y&svc_utm_campaign=z#top';
const cookies = { _fbp: 'fb.1.1700000000000.111', _fbc: 'fb.1.1700000000000.AbC' };
const firstId = '00000000-0000-4000-8000-000000000001';

describe('createCapture().collect', () => {
  it('4.9: landing_url from the location, referrer_url from the document, tags, cookies, visitor and track', () => {
    const win = fakeWindow({ href, referrer: 'https://www.google.com/search?q=secret', cookies });
    expect(createCapture({ baseUrl }, win).collect()).toEqual({
      landing_url: 'https://shop.example/start',
      referrer_url: 'https://www.google.com/search',
      visitorId: firstId,
      track: 'first',
      attribution: {
        track: 'first',
        visitorId: firstId,
        params: { fbp: cookies._fbp, fbc: cookies._fbc, utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
      },
    });
  });

  it('4.9: "referrer_url ... is omitted when empty"; campaignId comes from the option or the page query', () => {
    const win = fakeWindow({ href: 'https://shop.example/start?campaignId=c-7' });
    const capture = createCapture({ baseUrl }, win).collect();
    expect('referrer_url' in capture).toBe(false);
    expect(capture.campaignId).toBe('c-7');
    expect(createCapture({ baseUrl, campaignId: 'c-1' }, win).collect().campaignId).toBe('c-1');
  });

  it('2.8 rule 4, consent false: no click ids, no cookies, no stored visitor id, no track (docs/decisions/attribution.md)', () => {
    const win = fakeWindow({ href, cookies });
    const capture = createCapture({ baseUrl, consent: false }, win).collect();
    expect(capture).toEqual({
      landing_url: 'https://shop.example/start',
      visitorId: firstId,
      attribution: { visitorId: firstId, params: { utm_source: 'x', svc_utm_campaign: 'z' } },
    });
    expect(win.cookieWrites).toEqual([]);
    expect(win.storage.size).toBe(0);
  });

  it('2.8 rule 4, consent: navigator.globalPrivacyControl === true turns capture of click ids and cookies off whatever consent says', () => {
    const win = fakeWindow({ href, cookies, globalPrivacyControl: true });
    expect(createCapture({ baseUrl, consent: true }, win).collect().attribution.params).toEqual({
      utm_source: 'x',
      svc_utm_campaign: 'z',
    });
  });

  it('2.8 rule 4, consent: a consent function is asked at each collect; the page keeps one visitor id', () => {
    let granted = false;
    const win = fakeWindow({ href, cookies });
    const storefront = createCapture({ baseUrl, consent: () => granted }, win);
    const before = storefront.collect();
    granted = true;
    const after = storefront.collect();
    expect(before.attribution.params.gclid).toBeUndefined();
    expect(after.attribution.params.gclid).toBe('y');
    expect(after.track).toBe('first');
  });

  it('4.9: the capture reads the page once, so client-side navigation does not change it', () => {
    const win = fakeWindow({ href });
    const storefront = createCapture({ baseUrl }, win);
    (win.location as { href: string }).href = 'https://shop.example/checkout';
    expect(storefront.collect().landing_url).toBe('https://shop.example/start');
  });
});

describe('createCapture().loadTemplate', () => {
  it('4.9: GET {baseUrl}/v2/journeyTemplates/{slug}/frontend with the capture in the query; returns the template', async () => {
    const template = { slug: 'start', steps: [] };
    const win = fakeWindow({ href, cookies, answer: () => Response.json(template) });
    expect(await createCapture({ baseUrl }, win).loadTemplate('start now')).toEqual(template);
    const [request] = win.requests;
    expect(request?.method).toBe('GET');
    expect(request?.credentials).toBe('omit');
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe(
      `${baseUrl}/v2/journeyTemplates/start%20now/frontend`,
    );
    const query = Object.fromEntries(request!.url.searchParams);
    expect(query).toEqual({
      landing_url: 'https://shop.example/start',
      visitorId: firstId,
      track: 'first',
      attribution: JSON.stringify({
        track: 'first',
        visitorId: firstId,
        params: { fbp: cookies._fbp, fbc: cookies._fbc, utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
      }),
    });
  });

  it('8: never throws: a network failure, an HTTP error or a bad body give undefined and reach onError', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('nope', { status: 404 }),
      () => new Response('{not json', { status: 200 }),
    ];
    for (const answer of answers) {
      const errors: unknown[] = [];
      const win = fakeWindow({ href, answer });
      expect(
        await createCapture({ baseUrl, onError: (error) => errors.push(error) }, win).loadTemplate('s'),
      ).toBe(undefined);
      expect(errors).toHaveLength(1);
    }
  });

  it('8: never throws: a throwing onError, consent function or cookie jar is contained', async () => {
    const win = fakeWindow({
      href,
      cookiesThrow: true,
      storageThrows: true,
      answer: () => new Response('', { status: 500 }),
    });
    const storefront = createCapture(
      {
        baseUrl,
        consent: () => {
          throw new Error('CMP not ready');
        },
        onError: () => {
          throw new Error('host bug');
        },
      },
      win,
    );
    await expect(storefront.loadTemplate('s')).resolves.toBeUndefined();
    const sandboxed = createCapture({ baseUrl }, fakeWindow({ href, cookiesThrow: true }));
    expect(sandboxed.collect().attribution.params).toEqual({
      utm_source: 'x',
      gclid: 'y',
      svc_utm_campaign: 'z',
    });
    expect(sandboxed.collect().track).toBeUndefined();
  });
});

describe('createCapture().createJourney', () => {
  it('4.9: POST {baseUrl}/journeys with landing_url, referrer_url, visitorId and attribution in the JSON body', async () => {
    const win = fakeWindow({ href, referrer: 'https://ref.example/', cookies });
    const id = await createCapture({ baseUrl }, win).createJourney({ templateSlug: 'start' });
    expect(id).toBe('j-1');
    const [request] = win.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${baseUrl}/journeys`);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({
      templateSlug: 'start',
      landing_url: 'https://shop.example/start',
      referrer_url: 'https://ref.example/',
      visitorId: firstId,
      attribution: {
        track: 'first',
        visitorId: firstId,
        params: { fbp: cookies._fbp, fbc: cookies._fbc, utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
      },
    });
  });

  it('4.9: the journey carries the capture already sent with the template, so the view counts once', async () => {
    const win = fakeWindow({ href, cookies });
    const storefront = createCapture({ baseUrl }, win);
    await storefront.loadTemplate('start');
    win.jar.set('_fbp', 'fb.1.1700000000000.999');
    await storefront.createJourney({ templateSlug: 'start' });
    const [view, journey] = win.requests;
    expect(JSON.parse(view!.url.searchParams.get('attribution')!)).toEqual(
      (journey!.body as { attribution: unknown }).attribution,
    );
  });

  it('4.9: reads the journey id from { data: { id } } or { id }; anything else is undefined', async () => {
    const answers: [unknown, string | undefined][] = [
      [{ success: true, data: { id: 'j-9' } }, 'j-9'],
      [{ id: 'j-8' }, 'j-8'],
      [{ data: { id: 5 } }, undefined],
      [null, undefined],
    ];
    for (const [answer, id] of answers) {
      const win = fakeWindow({ href, answer: () => Response.json(answer) });
      expect(await createCapture({ baseUrl }, win).createJourney()).toBe(id);
    }
  });

  it('8: never throws: a slug that cannot be encoded or a body that cannot be serialised', async () => {
    const errors: unknown[] = [];
    const win = fakeWindow({ href });
    const storefront = createCapture({ baseUrl, onError: (e) => errors.push(e) }, win);
    await expect(storefront.loadTemplate('\uD800')).resolves.toBeUndefined();
    await expect(storefront.createJourney({ amount: 1n })).resolves.toBeUndefined();
    expect(errors.map((error) => (error as Error).name)).toEqual(['URIError', 'TypeError']);
    expect(win.requests).toEqual([]);
  });

  it('8: never throws when the journey call fails', async () => {
    const errors: unknown[] = [];
    const win = fakeWindow({ href, answer: () => Promise.reject(new TypeError('offline')) });
    expect(
      await createCapture({ baseUrl, onError: (e) => errors.push(e) }, win).createJourney(),
    ).toBeUndefined();
    expect(errors).toEqual([new TypeError('offline')]);
  });
});
