import type { HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { authCases, failsWith, get, post } from './support-table-helpers';
import { seedSupport } from './support-table-setup';

const path = '/v2/cases/actions/create-ticket';
const at = '2026-11-23T10:00:00.000Z';

/** The view of the fourth case of a seeded service (three are made by the setup). */
const fourthCase = (overrides: Record<string, unknown> = {}) => ({
  id: 'case_4',
  requestTypeId: '11',
  name: 'Parcel arrived damaged',
  category: 'General question',
  status: 'open',
  externalCaseIdentifier: 'SUP-4',
  externalIssueId: '10004',
  externalCaseStatus: 'Waiting for support',
  externalCaseStatusCategory: 'NEW',
  externalCaseUrl: 'https://sandbox.case-system.invalid/servicedesk/customer/portal/1/SUP-4',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

const nothingStored = { request: get('/v2/cases/case_4'), expect: failsWith(404, 'NOT_FOUND') };

/**
 * docs/api.md §2.2, §4.1, §5.3 and §7 for POST /v2/cases/actions/create-ticket.
 *
 * @example
 * httpContract('fetch adapter', serveFetch, [createTicketHttpTable]);
 */
export const createTicketHttpTable: HttpTable = {
  title: 'support: create-ticket',
  setup: seedSupport,
  cases: [
    {
      name: '4.1 and 2.2 creates the case: 201 { success, missingRequiredFields, data }',
      request: post(path, { requestTypeId: '11', fields: { summary: 'Parcel arrived damaged' } }),
      expect: { status: 201, body: { success: true, missingRequiredFields: [], data: fourthCase() } },
      followUp: [
        {
          request: get('/v2/cases/case_4'),
          expect: { status: 200, body: { success: true, data: fourthCase() } },
        },
      ],
    },
    {
      name: '4.1 requestFieldValues are merged with fields (requestFieldValues wins for the same field)',
      request: post(path, {
        requestTypeId: '11',
        fields: { summary: 'from fields', description: 'kept' },
        requestFieldValues: { summary: 'Parcel arrived damaged' },
      }),
      expect: { status: 201, body: { success: true, missingRequiredFields: [], data: fourthCase() } },
    },
    {
      name: '4.1 values may come in requestFieldValues alone',
      request: post(path, { requestTypeId: '11', requestFieldValues: { summary: 'Parcel arrived damaged' } }),
      expect: { status: 201, body: { success: true, missingRequiredFields: [], data: fourthCase() } },
    },
    {
      name: '2.2 missingRequiredFields lists a required synced field that had neither a value nor a default',
      request: post(path, { requestTypeId: '12' }),
      expect: {
        status: 201,
        body: {
          success: true,
          missingRequiredFields: [{ externalSystemIdentifier: 'summary', name: 'Summary' }],
          data: fourthCase({ requestTypeId: '12', name: 'Feedback', category: 'Feedback' }),
        },
      },
    },
    {
      name: '5.3 create-ticket: admin may create',
      request: post(
        path,
        { requestTypeId: '11', fields: { summary: 'Parcel arrived damaged' } },
        testTokens.admin,
      ),
      expect: { status: 201 },
    },
    {
      name: '5.3 create-ticket: super admin may create',
      request: post(
        path,
        { requestTypeId: '11', fields: { summary: 'Parcel arrived damaged' } },
        testTokens.superAdmin,
      ),
      expect: { status: 201 },
    },
    {
      name: '4.1 and 7: 422 INVALID_FIELD without requestTypeId; nothing stored',
      request: post(path, { fields: { summary: 'Hi' } }),
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'requestTypeId is required.', field: 'requestTypeId' },
        },
      },
      followUp: [nothingStored],
    },
    {
      name: '4.1 and 7: 422 INVALID_FIELD for a request type never synced by this affiliate',
      request: post(path, { requestTypeId: '10', fields: { summary: 'Hi' } }),
      expect: {
        status: 422,
        body: {
          success: false,
          error: {
            code: 'INVALID_FIELD',
            message:
              'requestTypeId has no synced fields; sync it through POST /v2/cases/sync-case-type first.',
            field: 'requestTypeId',
          },
        },
      },
      followUp: [nothingStored],
    },
    {
      name: '4.1 and 7: 422 INVALID_FIELD for a synced request type with no fields',
      request: post(path, { requestTypeId: '12' }, testTokens.otherSuperAdmin),
      expect: failsWith(422, 'INVALID_FIELD', 'requestTypeId'),
    },
    {
      name: '4.1 and 7: 404 for an unknown request type',
      request: post(path, { requestTypeId: '99', fields: { summary: 'Hi' } }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The request type was not found.' } },
      },
      followUp: [nothingStored],
    },
    {
      name: '4.1: a value for a field the request type does not have is 422 before anything is sent',
      request: post(path, { requestTypeId: '11', fields: { summary: 'Hi', customfield_1: 'x' } }),
      expect: failsWith(422, 'INVALID_FIELD', 'fields.customfield_1'),
      followUp: [nothingStored],
    },
    {
      name: '4.1: the same in requestFieldValues names that map',
      request: post(path, { requestTypeId: '11', requestFieldValues: { nope: 1 } }),
      expect: failsWith(422, 'INVALID_FIELD', 'requestFieldValues.nope'),
    },
    {
      name: '4.1: a required field left empty is refused by the case system: 422, nothing stored',
      request: post(path, { requestTypeId: '11', fields: { summary: '  ' } }),
      expect: {
        status: 422,
        body: {
          success: false,
          error: {
            code: 'INVALID_FIELD',
            message: 'requestFieldValues misses the required field summary.',
            field: 'requestFieldValues',
          },
        },
      },
      followUp: [nothingStored],
    },
    {
      name: '7: fields that are not an object are 422',
      request: post(path, { requestTypeId: '11', fields: ['summary'] }),
      expect: failsWith(422, 'INVALID_FIELD', 'fields'),
    },
    {
      name: '7: a JSON array body is 422',
      request: post(path, [{ requestTypeId: '11' }]),
      expect: failsWith(422, 'INVALID_FIELD'),
    },
    {
      name: '7: an empty body is 422',
      request: { method: 'POST', path, token: testTokens.agent },
      expect: failsWith(422, 'INVALID_FIELD', 'body'),
    },
    ...authCases('create-ticket', post(path, { requestTypeId: '11', fields: { summary: 'Hi' } })),
  ],
};
