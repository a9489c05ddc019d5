import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { caseConfigurers } from './access';
import {
  caseCreatedSchema,
  caseViewSchema,
  requestTypeListItemSchema,
  syncedRequestTypeViewSchema,
  toCaseView,
  toSyncedRequestTypeView,
} from './case-view';
import { type CreatedCase, createGeneralCase, createOrderCase } from './create-case';
import { readCase } from './read-case';
import { replyRoutes } from './reply-routes';
import { listRequestTypes, syncRequestType } from './request-types';

const tags = ['support'];
const errorDoc = (description: string) => ({ description, schema: errorEnvelopeSchema });

const requestTypeId = z.string().trim().min(1).max(200);
const fieldMap = z.record(z.string(), z.unknown());
const caseBody = {
  requestTypeId,
  fields: fieldMap.optional(),
  requestFieldValues: fieldMap.optional(),
};

const created = ({ caseRecord, missingRequiredFields }: CreatedCase) => ({
  status: 201,
  body: { success: true, missingRequiredFields, data: toCaseView(caseRecord) },
});

/** Routes of support cases (docs/api.md §1, §2.2, §2.3, §4.1, §4.3, §4.8, §5.3, §8.1). */
export const caseRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/tracker-apis/request-types',
    operationId: 'listCaseRequestTypes',
    summary: "The case system's request types, each with whether this affiliate synced it.",
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    responses: {
      200: {
        description: 'Every request type of the case system.',
        schema: z.object({ success: z.literal(true), data: z.array(requestTypeListItemSchema) }),
      },
      502: errorDoc('The case system is unavailable.'),
    },
    errors: ['UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, deps }) =>
      listRequestTypes(deps, { affiliateId: actor.affiliateId }).map((listed) => ({
        status: 200,
        body: {
          success: true,
          data: listed.map(({ requestType, synced }) => ({
            externalCaseTypeIdentifier: requestType.id,
            name: requestType.name,
            ...(requestType.description === undefined ? {} : { description: requestType.description }),
            ...(requestType.helpText === undefined ? {} : { helpText: requestType.helpText }),
            synced: synced !== undefined,
            ...(synced
              ? { syncedAt: synced.syncedAt.toISOString(), syncedFieldCount: synced.fields.length }
              : {}),
          })),
        },
      })),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/cases/sync-case-type',
    operationId: 'syncCaseType',
    summary: 'Store a request type of the case system and its fields as synced for this affiliate.',
    tags,
    access: { kind: 'affiliate', roles: caseConfigurers },
    body: z.object({ requestTypeId }),
    responses: {
      200: {
        description: 'The synced request type with its fields.',
        schema: z.object({ success: z.literal(true), data: syncedRequestTypeViewSchema }),
      },
      404: errorDoc('The case system has no such request type.'),
      422: errorDoc('requestTypeId missing or invalid.'),
      502: errorDoc('The case system is unavailable; nothing was stored.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, body, deps }) =>
      syncRequestType(deps, { affiliateId: actor.affiliateId, requestTypeId: body.requestTypeId }).map(
        (synced) => ({ status: 200, body: { success: true, data: toSyncedRequestTypeView(synced) } }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/cases/actions/create-ticket',
    operationId: 'createTicket',
    summary: 'Create a general support case not tied to an order (docs/api.md §4.1).',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    body: z.object(caseBody),
    responses: {
      201: { description: 'The case was created in the case system and stored.', schema: caseCreatedSchema },
      404: errorDoc('The request type is unknown.'),
      422: errorDoc(
        'requestTypeId missing, the request type has no synced fields, a value names an unknown field, or the case system refused the values.',
      ),
      502: errorDoc('The case system is unavailable; nothing was stored.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, body, deps }) =>
      createGeneralCase(deps, { affiliateId: actor.affiliateId, userId: actor.userId, ...body }).map(created),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/cases',
    operationId: 'createOrderCase',
    summary: 'Create a support case about an order; order and patient variables fill field defaults.',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    body: z.object({ orderId: z.string().trim().min(1).max(200), ...caseBody }),
    responses: {
      201: { description: 'The case was created in the case system and stored.', schema: caseCreatedSchema },
      404: errorDoc('No such order for this affiliate, or the request type is unknown.'),
      422: errorDoc(
        'orderId or requestTypeId missing, a value names an unknown field, or the case system refused the values.',
      ),
      502: errorDoc('The case system is unavailable; nothing was stored.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, body, deps }) =>
      createOrderCase(deps, { affiliateId: actor.affiliateId, userId: actor.userId, ...body }).map(created),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/cases/{id}',
    operationId: 'getCase',
    summary: 'Read a support case, its status refreshed from the case system when it answers.',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    params: z.object({ id: z.string().min(1).max(200) }),
    responses: {
      200: { description: 'The case.', schema: z.object({ success: z.literal(true), data: caseViewSchema }) },
      404: errorDoc('No such case for this affiliate.'),
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      readCase(deps, { affiliateId: actor.affiliateId, id: params.id }).map((caseRecord) => ({
        status: 200,
        body: { success: true, data: toCaseView(caseRecord) },
      })),
  }),
  ...replyRoutes,
];
