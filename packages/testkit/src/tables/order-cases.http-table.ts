import type { HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { authCases, failsWith, get, post } from './support-table-helpers';
import { seedSupport } from './support-table-setup';

const at = '2026-11-23T10:00:00.000Z';
const portal = 'https://sandbox.case-system.invalid/servicedesk/customer/portal/1';

const orderCase = {
  id: 'case_4',
  requestTypeId: '10',
  name: 'Parcel arrived damaged',
  category: 'Order problem',
  orderId: 'ord_1',
  status: 'open',
  externalCaseIdentifier: 'SUP-4',
  externalIssueId: '10004',
  externalCaseStatus: 'Waiting for support',
  externalCaseStatusCategory: 'NEW',
  externalCaseUrl: `${portal}/SUP-4`,
  createdAt: at,
  updatedAt: at,
};

const firstCase = {
  id: 'case_1',
  requestTypeId: '11',
  name: 'Where is my parcel?',
  category: 'General question',
  status: 'open',
  externalCaseIdentifier: 'SUP-1',
  externalIssueId: '10001',
  externalCaseStatus: 'Waiting for support',
  externalCaseStatusCategory: 'NEW',
  externalCaseUrl: `${portal}/SUP-1`,
  createdAt: at,
  updatedAt: at,
};

const create = (body: unknown, token: string = testTokens.agent) => post('/v2/cases', body, token);
const nothingStored = { request: get('/v2/cases/case_4'), expect: failsWith(404, 'NOT_FOUND') };

/**
 * POST /v2/cases (a case about an order) and GET /v2/cases/{id} (docs/api.md §4.8, §5, §7).
 *
 * @example
 * httpContract('fetch adapter', serveFetch, [orderCasesHttpTable]);
 */
export const orderCasesHttpTable: HttpTable = {
  title: 'support: cases about orders, and reading a case',
  setup: seedSupport,
  cases: [
    {
      name: '4.8 creates a case tied to an order, from a request type never synced (fields read live)',
      request: create({
        orderId: 'ord_1',
        requestTypeId: '10',
        fields: { summary: 'Parcel arrived damaged' },
      }),
      expect: { status: 201, body: { success: true, missingRequiredFields: [], data: orderCase } },
      followUp: [
        {
          request: get('/v2/cases/case_4'),
          expect: { status: 200, body: { success: true, data: orderCase } },
        },
      ],
    },
    {
      name: '4.8 a synced request type is used as synced',
      request: create({
        orderId: 'ord_1',
        requestTypeId: '11',
        fields: { summary: 'Parcel arrived damaged' },
      }),
      expect: {
        status: 201,
        body: {
          success: true,
          missingRequiredFields: [],
          data: { ...orderCase, requestTypeId: '11', category: 'General question' },
        },
      },
    },
    {
      name: '5.3 POST /v2/cases: admin may create',
      request: create({ orderId: 'ord_1', requestTypeId: '10', fields: { summary: 'x' } }, testTokens.admin),
      expect: { status: 201 },
    },
    {
      name: '5.3 POST /v2/cases: super admin may create',
      request: create(
        { orderId: 'ord_1', requestTypeId: '10', fields: { summary: 'x' } },
        testTokens.superAdmin,
      ),
      expect: { status: 201 },
    },
    {
      name: '7: 404 for an order that does not exist; nothing stored',
      request: create({ orderId: 'ord_missing', requestTypeId: '10', fields: { summary: 'x' } }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The order was not found.' } },
      },
      followUp: [nothingStored],
    },
    {
      name: "7: 404 for another affiliate's order, never 403",
      request: create({ orderId: 'ord_other', requestTypeId: '10', fields: { summary: 'x' } }),
      expect: failsWith(404, 'NOT_FOUND'),
      followUp: [nothingStored],
    },
    {
      name: '7: 404 for an unknown request type',
      request: create({ orderId: 'ord_1', requestTypeId: '99', fields: { summary: 'x' } }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The request type was not found.' } },
      },
      followUp: [nothingStored],
    },
    {
      name: '7: 422 without orderId',
      request: create({ requestTypeId: '10', fields: { summary: 'x' } }),
      expect: failsWith(422, 'INVALID_FIELD', 'orderId'),
    },
    {
      name: '7: 422 without requestTypeId',
      request: create({ orderId: 'ord_1' }),
      expect: failsWith(422, 'INVALID_FIELD', 'requestTypeId'),
    },
    {
      name: '7: 422 for a field the request type does not have; nothing stored',
      request: create({
        orderId: 'ord_1',
        requestTypeId: '10',
        requestFieldValues: { summary: 'x', extra: 1 },
      }),
      expect: failsWith(422, 'INVALID_FIELD', 'requestFieldValues.extra'),
      followUp: [nothingStored],
    },
    {
      name: '7: 422 when the case system refuses the values (summary missing); nothing stored',
      request: create({ orderId: 'ord_1', requestTypeId: '10' }),
      expect: failsWith(422, 'INVALID_FIELD', 'requestFieldValues'),
      followUp: [nothingStored],
    },
    ...authCases('POST /v2/cases', create({ orderId: 'ord_1', requestTypeId: '10' })),
    {
      name: '4.8 GET /v2/cases/{id} answers the case',
      request: get('/v2/cases/case_1'),
      expect: { status: 200, body: { success: true, data: firstCase } },
    },
    {
      name: '4.8 GET /v2/cases/{id} refreshes a status changed in the case system and keeps it',
      request: get('/v2/cases/case_3', testTokens.admin),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            ...firstCase,
            id: 'case_3',
            name: 'Waiting on us',
            status: 'in_progress',
            externalCaseIdentifier: 'SUP-3',
            externalIssueId: '10003',
            externalCaseStatus: 'Waiting for customer',
            externalCaseStatusCategory: 'INDETERMINATE',
            externalCaseUrl: `${portal}/SUP-3`,
          },
        },
      },
    },
    {
      name: '5.3 GET /v2/cases/{id}: super admin may read',
      request: get('/v2/cases/case_1', testTokens.superAdmin),
      expect: { status: 200 },
    },
    {
      name: "7: GET of another affiliate's case is 404, never 403",
      request: get('/v2/cases/case_2'),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The case was not found.' } },
      },
      followUp: [{ request: get('/v2/cases/case_2', testTokens.otherSuperAdmin), expect: { status: 200 } }],
    },
    {
      name: '7: GET of an unknown case is 404',
      request: get('/v2/cases/case_none'),
      expect: failsWith(404, 'NOT_FOUND'),
    },
    ...authCases('GET /v2/cases/{id}', get('/v2/cases/case_1')),
  ],
};
