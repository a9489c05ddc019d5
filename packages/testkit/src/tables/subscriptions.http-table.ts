import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';

const path = (id: string) => `/v2/ecommerceSubscriptions/${id}/actions/setRenewalDate`;
const put = (id: string, body: unknown, token: string = testTokens.admin) => ({
  method: 'PUT',
  path: path(id),
  token,
  body,
});

const invalid = (name: string, renewalDate: unknown): HttpCase => ({
  name: `4.6 and 7: 422 INVALID_FIELD for ${name}`,
  request: put('sub_1', { renewalDate }),
  expect: {
    status: 422,
    check: (_response, json) => {
      const error = (json as { error: { code: string; field: string } }).error;
      if (error.code !== 'INVALID_FIELD' || error.field !== 'renewalDate') {
        throw new Error(`expected INVALID_FIELD on renewalDate, got ${JSON.stringify(error)}`);
      }
    },
  },
});

/** docs/api.md §4.6, §2.6, §3.2, §5 and §7 for the renewal endpoints, as one table both adapters run. */
export const subscriptionHttpTable: HttpTable = {
  title: 'subscriptions: setRenewalDate and the renewal view',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
    const month = { interval: 'month', count: 1 } as const;
    await service.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: month,
        nextBillingDate: '2026-12-05T09:30:00Z',
        endDate: '2027-06-05T09:30:00Z',
      },
    });
    await service.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: { id: 'sub_2', cadence: month, nextBillingDate: '2026-12-01T00:00:00Z' },
    });
    await service.commerce.recordSubscription({
      affiliateId: 'aff_2',
      subscription: { id: 'sub_other', cadence: month, nextBillingDate: '2026-12-01T00:00:00Z' },
    });
  },
  cases: [
    {
      name: '4.6 sets the date, keeps the time of day, moves endDate by the same amount',
      request: put('sub_1', { renewalDate: '01-15-2027' }),
      expect: {
        status: 200,
        body: {
          success: true,
          message: 'Renewal date updated.',
          data: { id: 'sub_1', nextBillingDate: '2027-01-15T09:30:00.000Z' },
        },
      },
      followUp: [
        {
          request: { method: 'GET', path: '/v2/ecommerceSubscriptions/sub_1', token: testTokens.agent },
          expect: {
            status: 200,
            body: {
              success: true,
              data: {
                id: 'sub_1',
                nextBillingDate: '2027-01-15T09:30:00.000Z',
                endDate: '2027-07-16T09:30:00.000Z',
              },
            },
          },
        },
      ],
    },
    {
      name: '4.6 moves a date earlier too, and endDate with it',
      request: put('sub_1', { renewalDate: '11-30-2026' }),
      expect: {
        status: 200,
        body: {
          success: true,
          message: 'Renewal date updated.',
          data: { id: 'sub_1', nextBillingDate: '2026-11-30T09:30:00.000Z' },
        },
      },
      followUp: [
        {
          request: { method: 'GET', path: '/v2/ecommerceSubscriptions/sub_1', token: testTokens.admin },
          expect: {
            status: 200,
            body: {
              success: true,
              data: {
                id: 'sub_1',
                nextBillingDate: '2026-11-30T09:30:00.000Z',
                endDate: '2027-05-31T09:30:00.000Z',
              },
            },
          },
        },
      ],
    },
    {
      name: '2.6 the renewal view omits endDate when there is none',
      request: { method: 'GET', path: '/v2/ecommerceSubscriptions/sub_2', token: testTokens.admin },
      expect: {
        status: 200,
        body: { success: true, data: { id: 'sub_2', nextBillingDate: '2026-12-01T00:00:00.000Z' } },
      },
    },
    {
      name: '4.6 accepts a leap day that exists (02-29-2028)',
      request: put('sub_2', { renewalDate: '02-29-2028' }),
      expect: {
        status: 200,
        body: {
          success: true,
          message: 'Renewal date updated.',
          data: { id: 'sub_2', nextBillingDate: '2028-02-29T00:00:00.000Z' },
        },
      },
    },
    {
      name: '5.3 any affiliate token may call it: agent',
      request: put('sub_2', { renewalDate: '12-24-2026' }, testTokens.agent),
      expect: { status: 200 },
    },
    {
      name: '5.3 any affiliate token may call it: super admin',
      request: put('sub_2', { renewalDate: '12-24-2026' }, testTokens.superAdmin),
      expect: { status: 200 },
    },
    invalid('a missing renewalDate', undefined),
    invalid('an empty renewalDate', ''),
    invalid('02-30-2027 (not a real date)', '02-30-2027'),
    invalid('02-29-2027 (not a leap year)', '02-29-2027'),
    invalid('13-01-2027 (no month 13)', '13-01-2027'),
    invalid('00-10-2027 (no month 0)', '00-10-2027'),
    invalid('2-3-2027 (not zero-padded)', '2-3-2027'),
    invalid('2027-03-02 (ISO 8601, not MM-DD-YYYY)', '2027-03-02'),
    invalid('03/02/2027 (slashes)', '03/02/2027'),
    invalid('a number', 3022027),
    invalid("today's UTC date (not in the future)", '11-23-2026'),
    invalid('a past date', '11-22-2026'),
    {
      name: '7: a malformed JSON body is 422 INVALID_FIELD, never 500',
      request: {
        method: 'PUT',
        path: path('sub_1'),
        token: testTokens.admin,
        headers: { 'content-type': 'application/json' },
        rawBody: '{"renewalDate":',
      },
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'body is not valid JSON.', field: 'body' },
        },
      },
      malformedJson: true,
    },
    {
      name: '7: a NUL character in the body is 422, never a storage error',
      request: put('sub_1', { renewalDate: '01-15-2027\u0000' }),
      expect: { status: 422 },
    },
    {
      name: 'a NUL character in a path id names nothing: 404',
      request: { method: 'GET', path: '/v2/ecommerceSubscriptions/sub%00x', token: testTokens.admin },
      expect: { status: 404 },
    },
    {
      name: '7: a JSON array body is 422',
      request: put('sub_1', ['01-15-2027']),
      expect: { status: 422 },
    },
    {
      name: '7: an empty body is 422',
      request: { method: 'PUT', path: path('sub_1'), token: testTokens.admin },
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'body is required.', field: 'body' },
        },
      },
    },
    {
      name: '4.6 and 7: 404 for a subscription that does not exist',
      request: put('sub_missing', { renewalDate: '01-15-2027' }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The subscription was not found.' } },
      },
    },
    {
      name: "4.6 and 7: 404 for another affiliate's subscription, never 403",
      request: put('sub_other', { renewalDate: '01-15-2027' }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The subscription was not found.' } },
      },
      followUp: [
        {
          request: { method: 'GET', path: '/v2/ecommerceSubscriptions/sub_other', token: testTokens.admin },
          expect: { status: 404 },
        },
        {
          request: {
            method: 'GET',
            path: '/v2/ecommerceSubscriptions/sub_other',
            token: testTokens.otherSuperAdmin,
          },
          expect: {
            status: 200,
            body: { success: true, data: { id: 'sub_other', nextBillingDate: '2026-12-01T00:00:00.000Z' } },
          },
        },
      ],
    },
    {
      name: '5.1 and 7: 401 without a bearer token',
      request: { method: 'PUT', path: path('sub_1'), body: { renewalDate: '01-15-2027' } },
      expect: {
        status: 401,
        body: {
          success: false,
          error: { code: 'UNAUTHORIZED', message: 'A valid bearer token is required.' },
        },
      },
    },
    {
      name: '5.1 and 7: 401 for an unknown token',
      request: put('sub_1', { renewalDate: '01-15-2027' }, 'tok_nobody'),
      expect: {
        status: 401,
        body: {
          success: false,
          error: { code: 'UNAUTHORIZED', message: 'The bearer token is invalid or expired.' },
        },
      },
    },
    {
      name: '5.1: 401 for a non-bearer Authorization header',
      request: {
        method: 'PUT',
        path: path('sub_1'),
        headers: { authorization: `Basic ${testTokens.admin}` },
        body: { renewalDate: '01-15-2027' },
      },
      expect: { status: 401 },
    },
    {
      name: '5.2 and 7: 400 for a token without affiliate context',
      request: put('sub_1', { renewalDate: '01-15-2027' }, testTokens.noAffiliate),
      expect: {
        status: 400,
        body: {
          success: false,
          error: {
            code: 'AFFILIATE_CONTEXT_REQUIRED',
            message: 'This endpoint acts for an affiliate; the token has no affiliate context.',
          },
        },
      },
    },
    {
      name: '5.2: the master token has no affiliate context here either (400)',
      request: put('sub_1', { renewalDate: '01-15-2027' }, testTokens.master),
      expect: { status: 400 },
    },
    {
      name: 'a wrong method on an API path is 405 with Allow',
      request: { method: 'DELETE', path: path('sub_1'), token: testTokens.admin },
      expect: {
        status: 405,
        check: (response) => {
          if (response.headers.get('allow') !== 'PUT')
            throw new Error(`Allow was ${response.headers.get('allow')}`);
        },
      },
    },
    {
      name: 'an unknown path is 404 in the envelope',
      request: { method: 'GET', path: '/v2/nothing-here', token: testTokens.admin },
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The route was not found.' } },
      },
    },
  ],
};
