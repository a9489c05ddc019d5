import type { HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { authCases, failsWith, get, post } from './support-table-helpers';
import { seedSupport } from './support-table-setup';

const list = '/v2/tracker-apis/request-types';
const sync = '/v2/cases/sync-case-type';
const at = '2026-11-23T10:00:00.000Z';

const listed = (synced11: boolean, synced12: false | number) => ({
  success: true,
  data: [
    {
      externalCaseTypeIdentifier: '10',
      name: 'Order problem',
      description: 'Something is wrong with an order',
      synced: false,
    },
    {
      externalCaseTypeIdentifier: '11',
      name: 'General question',
      helpText: 'Ask us anything',
      synced: synced11,
      ...(synced11 ? { syncedAt: at, syncedFieldCount: 2 } : {}),
    },
    {
      externalCaseTypeIdentifier: '12',
      name: 'Feedback',
      synced: synced12 !== false,
      ...(synced12 === false ? {} : { syncedAt: at, syncedFieldCount: synced12 }),
    },
  ],
});

const syncedGeneralQuestion = {
  success: true,
  data: {
    externalCaseTypeIdentifier: '11',
    name: 'General question',
    syncedAt: at,
    fields: [
      {
        externalSystemIdentifier: 'summary',
        name: 'Summary',
        required: true,
        defaultValues: [],
        validValues: [],
      },
      {
        externalSystemIdentifier: 'description',
        name: 'Description',
        required: false,
        defaultValues: [{ value: 'Sent through the affiliate API', label: 'default' }],
        validValues: [],
      },
    ],
  },
};

/**
 * docs/api.md §4.8 and §5 for GET /v2/tracker-apis/request-types and POST /v2/cases/sync-case-type.
 *
 * @example
 * httpContract('fetch adapter', serveFetch, [requestTypesHttpTable]);
 */
export const requestTypesHttpTable: HttpTable = {
  title: 'support: request types and sync-case-type',
  setup: seedSupport,
  cases: [
    {
      name: "4.8 lists every request type of the case system, with this affiliate's synced state",
      request: get(list),
      expect: { status: 200, body: listed(true, 1) },
    },
    {
      name: '4.8 synced state is per affiliate',
      request: get(list, testTokens.otherSuperAdmin),
      expect: { status: 200, body: listed(true, 0) },
    },
    {
      name: '5.3 request types: admin may list',
      request: get(list, testTokens.admin),
      expect: { status: 200 },
    },
    {
      name: '5.3 request types: super admin may list',
      request: get(list, testTokens.superAdmin),
      expect: { status: 200 },
    },
    ...authCases('request types', get(list)),
    {
      name: '4.8 sync stores a request type with every field and its externalSystemIdentifier',
      request: post(sync, { requestTypeId: '10' }, testTokens.admin),
      expect: {
        status: 200,
        check: (_response, json) => {
          const data = (json as { data: { fields: { externalSystemIdentifier: string }[] } }).data;
          const ids = data.fields.map((field) => field.externalSystemIdentifier);
          if (
            ids.join() !==
            'summary,description,customfield_10050,customfield_10060,customfield_10070,customfield_10080'
          ) {
            throw new Error(`fields were ${ids.join()}`);
          }
        },
      },
      followUp: [
        {
          request: get(list),
          expect: {
            status: 200,
            check: (_response, json) => {
              const first = (json as { data: { synced: boolean; syncedFieldCount?: number }[] }).data[0];
              if (!first?.synced || first.syncedFieldCount !== 6) throw new Error(JSON.stringify(first));
            },
          },
        },
      ],
    },
    {
      name: '4.8 sync answers the synced type exactly; re-syncing replaces the stale copy',
      request: post(sync, { requestTypeId: '12' }, testTokens.superAdmin),
      expect: {
        status: 200,
        body: {
          success: true,
          data: { externalCaseTypeIdentifier: '12', name: 'Feedback', syncedAt: at, fields: [] },
        },
      },
      followUp: [{ request: get(list), expect: { status: 200, body: listed(true, 0) } }],
    },
    {
      name: '4.8 sync of an already synced type answers its fields again',
      request: post(sync, { requestTypeId: '11' }, testTokens.admin),
      expect: { status: 200, body: syncedGeneralQuestion },
    },
    {
      name: '5.3 sync: an agent may not change synced types (403)',
      request: post(sync, { requestTypeId: '10' }, testTokens.agent),
      expect: failsWith(403, 'FORBIDDEN'),
      followUp: [{ request: get(list), expect: { status: 200, body: listed(true, 1) } }],
    },
    {
      name: '4.8 and 7: sync of an unknown request type is 404',
      request: post(sync, { requestTypeId: '99' }, testTokens.admin),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The request type was not found.' } },
      },
    },
    {
      name: '7: sync without requestTypeId is 422 INVALID_FIELD',
      request: post(sync, {}, testTokens.admin),
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'requestTypeId is required.', field: 'requestTypeId' },
        },
      },
    },
    {
      name: '7: sync with a blank requestTypeId is 422',
      request: post(sync, { requestTypeId: '   ' }, testTokens.admin),
      expect: failsWith(422, 'INVALID_FIELD', 'requestTypeId'),
    },
    {
      name: '7: sync with a numeric requestTypeId is 422',
      request: post(sync, { requestTypeId: 10 }, testTokens.admin),
      expect: failsWith(422, 'INVALID_FIELD', 'requestTypeId'),
    },
    {
      name: '7: sync with a malformed JSON body is 422, never 500',
      request: {
        method: 'POST',
        path: sync,
        token: testTokens.admin,
        headers: { 'content-type': 'application/json' },
        rawBody: '{"requestTypeId":',
      },
      expect: failsWith(422, 'INVALID_FIELD', 'body'),
      malformedJson: true,
    },
    ...authCases('sync-case-type', post(sync, { requestTypeId: '10' }, testTokens.admin)),
  ],
};
