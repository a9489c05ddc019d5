import type { HttpCase, HttpCaseExpectation, HttpTable } from '../contracts/http-contract';
import { type TestService, testTokens } from '../service/test-service';

const frontend = (slug: string, query: Record<string, string> = {}) =>
  `/v2/journeyTemplates/${slug}/frontend?${new URLSearchParams(query)}`;

/** The query the storefront snippet sends for one visit (docs/api.md §4.9). */
const visit = (
  visitorId: string,
  track: 'first' | 'repeat',
  params: Record<string, string>,
  page = '/start',
) => ({
  landing_url: `https://shop.example${page}`,
  referrer_url: 'https://www.google.com/',
  visitorId,
  track,
  attribution: JSON.stringify({ track, visitorId, params }),
});

const startJourney = (body: unknown) => ({ method: 'POST', path: '/journeys', body });
const readJourney = (id: string, token: string = testTokens.admin) => ({
  method: 'GET',
  path: `/v2/journeys/${id}`,
  token,
});

const templateView = {
  id: 'jtp_1',
  slug: 'start-your-plan',
  template_display_name: 'Start your plan',
  landing_url: 'https://shop.example/start',
  journey_type: 'ecommerce',
  campaignId: 'cmp_spring',
};

const now = '2026-11-23T10:00:00.000Z';

const header =
  (name: string, expected: string | null): HttpCaseExpectation['check'] =>
  (response) => {
    if (response.headers.get(name) !== expected) {
      throw new Error(`${name} was ${response.headers.get(name)}, expected ${expected}`);
    }
  };

const headers =
  (expected: Record<string, string | null>): HttpCaseExpectation['check'] =>
  (response) => {
    for (const [name, value] of Object.entries(expected)) header(name, value)!(response, undefined);
  };

async function setup(service: TestService): Promise<void> {
  await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
  await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
  const record = async (affiliateId: string, slug: string, campaignId?: string) => {
    await service.commerce.recordJourneyTemplate({
      affiliateId,
      template: {
        slug,
        template_display_name: 'Start your plan',
        landing_url: 'https://shop.example/start',
        journey_type: 'ecommerce',
        ...(campaignId ? { campaignId } : {}),
      },
    });
  };
  await record('aff_1', 'start-your-plan', 'cmp_spring');
  await record('aff_2', 'other-plan');
}

const preflight = (path: string, origin = 'https://shop.example') => ({
  method: 'OPTIONS',
  path,
  headers: {
    origin,
    'access-control-request-method': path === '/journeys' ? 'POST' : 'GET',
    'access-control-request-headers': 'content-type',
  },
});

const cases: HttpCase[] = [
  {
    name: '4.9 GET /v2/journeyTemplates/{slug}/frontend returns the template for rendering, with no token',
    request: { method: 'GET', path: frontend('start-your-plan') },
    expect: {
      status: 200,
      body: { success: true, data: templateView },
      check: headers({ 'access-control-allow-origin': '*', 'cache-control': 'no-store' }),
    },
  },
  {
    name: '4.9 the template view records a touch and POST /journeys carries it, joined by visitor id (counted once)',
    request: {
      method: 'GET',
      path: frontend(
        'start-your-plan',
        visit('v_1', 'first', { utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' }),
      ),
    },
    expect: { status: 200, body: { success: true, data: templateView } },
    followUp: [
      {
        request: startJourney({
          templateSlug: 'start-your-plan',
          landing_url: 'https://shop.example/start',
          referrer_url: 'https://www.google.com/',
          visitorId: 'v_1',
          attribution: {
            track: 'first',
            visitorId: 'v_1',
            params: { utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
          },
        }),
        expect: {
          status: 201,
          body: { success: true, data: { id: 'jrn_1' } },
          check: header('access-control-allow-origin', '*'),
        },
      },
      {
        request: readJourney('jrn_1'),
        expect: {
          status: 200,
          body: {
            success: true,
            data: {
              id: 'jrn_1',
              template_id: 'jtp_1',
              template_slug: 'start-your-plan',
              status: 'started',
              started_at: now,
              campaignId: 'cmp_spring',
              attribution: {
                first: {
                  captured_at: now,
                  landing_url: 'https://shop.example/start',
                  referrer_url: 'https://www.google.com/',
                  params: { utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
                },
                last: {
                  captured_at: now,
                  landing_url: 'https://shop.example/start',
                  referrer_url: 'https://www.google.com/',
                  params: { utm_source: 'x', gclid: 'y', svc_utm_campaign: 'z' },
                },
                touch_count: 1,
                visitor_id: 'v_1',
              },
            },
          },
        },
      },
    ],
  },
  {
    name: '2.8 two visits: first keeps the click id, last is the later visit whole (no click id), touch_count 2',
    request: {
      method: 'GET',
      path: frontend('start-your-plan', visit('v_2', 'first', { gclid: 'g1', utm_source: 'ads' })),
    },
    expect: { status: 200 },
    followUp: [
      {
        request: {
          method: 'GET',
          path: frontend('start-your-plan', visit('v_2', 'repeat', { utm_source: 'mail' }, '/start/again')),
        },
        expect: { status: 200 },
      },
      {
        request: startJourney({ templateSlug: 'start-your-plan', visitorId: 'v_2', campaignId: 'cmp_mail' }),
        expect: { status: 201, body: { success: true, data: { id: 'jrn_1' } } },
      },
      {
        request: readJourney('jrn_1'),
        expect: {
          status: 200,
          check: (_response, json) => {
            const data = (json as { data: Record<string, unknown> }).data;
            const expected = {
              first: {
                captured_at: now,
                landing_url: 'https://shop.example/start',
                referrer_url: 'https://www.google.com/',
                params: { gclid: 'g1', utm_source: 'ads' },
              },
              last: {
                captured_at: now,
                landing_url: 'https://shop.example/start/again',
                referrer_url: 'https://www.google.com/',
                params: { utm_source: 'mail' },
              },
              touch_count: 2,
              visitor_id: 'v_2',
            };
            if (
              JSON.stringify(data.attribution) !== JSON.stringify(expected) ||
              data.campaignId !== 'cmp_mail'
            ) {
              throw new Error(`unexpected journey ${JSON.stringify(data)}`);
            }
          },
        },
      },
    ],
  },
  {
    name: '8: malformed attribution JSON, an over-long URL and junk params still load the template; valid tags are kept',
    request: {
      method: 'GET',
      path: frontend('start-your-plan', {
        attribution: '{"track":"first","params":{',
        landing_url: `https://shop.example/${'a'.repeat(1100)}`,
        referrer_url: 'javascript:alert(1)',
        visitorId: 'v_junk',
        'utm.source': 'dotted',
        email: 'a@b.example',
        utm_source: '',
        utm_medium: 'cpc',
        gclid: 'x'.repeat(600),
        track: 'sometimes',
      }),
    },
    expect: { status: 200, body: { success: true, data: templateView } },
    followUp: [
      {
        request: startJourney({ templateSlug: 'start-your-plan', visitorId: 'v_junk' }),
        expect: { status: 201 },
      },
      {
        request: readJourney('jrn_1'),
        expect: {
          status: 200,
          check: (_response, json) => {
            const attribution = (json as { data: { attribution: unknown } }).data.attribution;
            const touch = { captured_at: now, params: { utm_medium: 'cpc' } };
            const expected = { first: touch, last: touch, touch_count: 1, visitor_id: 'v_junk' };
            if (JSON.stringify(attribution) !== JSON.stringify(expected)) {
              throw new Error(`unexpected attribution ${JSON.stringify(attribution)}`);
            }
          },
        },
      },
    ],
  },
  {
    name: '2.8 rule 1 and 8: a journey whose capture is all junk is created, with no attribution object at all',
    request: startJourney({
      templateSlug: 'start-your-plan',
      attribution: 12,
      visitorId: { not: 'a string' },
      landing_url: 'javascript:alert(1)',
      referrer_url: '',
    }),
    expect: { status: 201, body: { success: true, data: { id: 'jrn_1' } } },
    followUp: [
      {
        request: readJourney('jrn_1'),
        expect: {
          status: 200,
          body: {
            success: true,
            data: {
              id: 'jrn_1',
              template_id: 'jtp_1',
              template_slug: 'start-your-plan',
              status: 'started',
              started_at: now,
              campaignId: 'cmp_spring',
            },
          },
        },
      },
    ],
  },
  {
    name: '4.9 the affiliate comes from the template: a journey of aff_2 is not visible to aff_1 (404, never 403)',
    request: startJourney({
      templateSlug: 'other-plan',
      visitorId: 'v_1',
      attribution: { params: { fbclid: 'f' } },
    }),
    expect: { status: 201, body: { success: true, data: { id: 'jrn_1' } } },
    followUp: [
      { request: readJourney('jrn_1'), expect: { status: 404 } },
      {
        request: readJourney('jrn_1', testTokens.otherSuperAdmin),
        expect: {
          status: 200,
          check: (_response, json) => {
            const data = (
              json as { data: { template_slug: string; attribution: { last: { params: unknown } } } }
            ).data;
            if (
              data.template_slug !== 'other-plan' ||
              JSON.stringify(data.attribution.last.params) !== '{"fbclid":"f"}'
            ) {
              throw new Error(`unexpected journey ${JSON.stringify(data)}`);
            }
          },
        },
      },
    ],
  },
  {
    name: '8: NUL characters in the query and the body are junk like any other: dropped, never a 422',
    request: {
      method: 'GET',
      path: frontend('start-your-plan', {
        visitorId: 'v_nul',
        utm_source: 'a\u0000b',
        'utm_\u0000term': 'x',
        landing_url: 'https://shop.example/start\u0000',
        utm_medium: 'cpc',
      }),
    },
    expect: { status: 200, body: { success: true, data: templateView } },
    followUp: [
      {
        request: startJourney({
          templateSlug: 'start-your-plan',
          visitorId: 'v_nul',
          landing_url: 'https://shop.example/start\u0000',
          attribution: { params: { utm_medium: 'cpc', gclid: '\u0000', 'svc_\u0000': 'x' } },
          note: '\u0000',
        }),
        expect: { status: 201, body: { success: true, data: { id: 'jrn_1' } } },
      },
      {
        request: readJourney('jrn_1'),
        expect: {
          status: 200,
          check: (_response, json) => {
            const { attribution } = (
              json as { data: { attribution: { touch_count: number; last: unknown } } }
            ).data;
            const last = {
              captured_at: now,
              landing_url: 'https://shop.example/start',
              params: { utm_medium: 'cpc' },
            };
            if (attribution.touch_count !== 1 || JSON.stringify(attribution.last) !== JSON.stringify(last)) {
              throw new Error(`unexpected attribution ${JSON.stringify(attribution)}`);
            }
          },
        },
      },
    ],
  },
  {
    name: '4.9: a templateSlug that cannot be a slug (here with NUL) is 404, like any unknown slug',
    request: startJourney({ templateSlug: 'start-your-plan\u0000' }),
    expect: { status: 404 },
  },
  {
    name: '4.9: an unknown slug is 404 on the template view, with CORS headers so the storefront can read it',
    request: { method: 'GET', path: frontend('no-such-plan', { visitorId: 'v_1' }) },
    expect: {
      status: 404,
      body: { success: false, error: { code: 'NOT_FOUND', message: 'The journey template was not found.' } },
      check: header('access-control-allow-origin', '*'),
    },
  },
  {
    name: '4.9: an unknown templateSlug is 404 on POST /journeys',
    request: startJourney({ templateSlug: 'no-such-plan', visitorId: 'v_1' }),
    expect: {
      status: 404,
      body: { success: false, error: { code: 'NOT_FOUND', message: 'The journey template was not found.' } },
    },
  },
  {
    name: '7: POST /journeys without templateSlug is 422 INVALID_FIELD naming it',
    request: startJourney({ visitorId: 'v_1' }),
    expect: {
      status: 422,
      body: {
        success: false,
        error: { code: 'INVALID_FIELD', message: 'templateSlug is required.', field: 'templateSlug' },
      },
    },
  },
  {
    name: '7: POST /journeys with a body that is not JSON is 422, never 500',
    request: {
      method: 'POST',
      path: '/journeys',
      headers: { 'content-type': 'application/json' },
      rawBody: '{"templateSlug":',
    },
    expect: { status: 422 },
    malformedJson: true,
  },
  {
    name: '4.9 CORS: OPTIONS /journeys answers the preflight the JSON POST triggers',
    request: preflight('/journeys'),
    expect: {
      status: 204,
      check: headers({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'Content-Type',
        'access-control-max-age': '7200',
      }),
    },
  },
  {
    name: '4.9 CORS: OPTIONS on the template view answers GET',
    request: preflight('/v2/journeyTemplates/start-your-plan/frontend'),
    expect: { status: 204, check: header('access-control-allow-methods', 'GET') },
  },
  {
    name: 'CORS stays off the authenticated routes: OPTIONS /v2/journeys/{id} is 405',
    request: preflight('/v2/journeys/jrn_1'),
    expect: { status: 405, check: header('access-control-allow-origin', null) },
    followUp: [
      {
        request: readJourney('jrn_1'),
        expect: { status: 404, check: header('access-control-allow-origin', null) },
      },
    ],
  },
  {
    name: '5.1: reading a journey needs a bearer token (401)',
    request: { method: 'GET', path: '/v2/journeys/jrn_1' },
    expect: { status: 401 },
  },
];

/** docs/api.md §2.8, §4.9, §8 and §5 for the storefront routes and the journey read, as one table both adapters run. */
export const journeyHttpTable: HttpTable = {
  title: 'journeys: storefront template view, journey creation, CORS',
  setup,
  cases,
};

/** CORS narrowed to listed origins with the `corsOrigins` service option. */
export const journeyCorsHttpTable: HttpTable = {
  title: 'journeys: CORS with listed origins',
  setup,
  service: { corsOrigins: ['https://shop.example'] },
  cases: [
    {
      name: 'a listed origin is echoed, with Vary: Origin, on the preflight and the answer',
      request: preflight('/journeys'),
      expect: {
        status: 204,
        check: headers({ 'access-control-allow-origin': 'https://shop.example', vary: 'Origin' }),
      },
      followUp: [
        {
          request: {
            method: 'GET',
            path: frontend('start-your-plan'),
            headers: { origin: 'https://shop.example' },
          },
          expect: {
            status: 200,
            check: headers({ 'access-control-allow-origin': 'https://shop.example', vary: 'Origin' }),
          },
        },
      ],
    },
    {
      name: 'another origin gets no Access-Control-Allow-Origin (the browser refuses), and the API still answers',
      request: preflight('/journeys', 'https://evil.example'),
      expect: { status: 204, check: headers({ 'access-control-allow-origin': null, vary: 'Origin' }) },
      followUp: [
        {
          request: {
            method: 'GET',
            path: frontend('start-your-plan'),
            headers: { origin: 'https://evil.example' },
          },
          expect: { status: 200, check: header('access-control-allow-origin', null) },
        },
      ],
    },
  ],
};
