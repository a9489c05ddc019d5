import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { CaseRecord, SyncedField } from '../../storage/case-store';
import { emitCaseEvent } from './case-events';
import {
  type FieldValuesPlan,
  type MissingField,
  planFieldValues,
  type SuppliedValues,
} from './field-values';
import { orderVariables, resolveVariables, withoutOrderVariables } from './order-variables';
import { findRequestType } from './request-types';

type CaseDeps = Pick<ServiceDeps, 'storage' | 'caseSystem' | 'clock' | 'ids'>;

/** A case just created, with the required fields that had nothing to send (docs/api.md §2.2). */
export interface CreatedCase {
  readonly caseRecord: CaseRecord;
  readonly missingRequiredFields: readonly MissingField[];
}

/** Who creates a case, and with which values. */
export interface CreateCaseInput extends SuppliedValues {
  readonly affiliateId: string;
  readonly userId: string;
  readonly requestTypeId: string;
}

const notSynced = () =>
  invalidField('requestTypeId', 'has no synced fields; sync it through POST /v2/cases/sync-case-type first');

/**
 * Creates a general support case not tied to an order (docs/api.md §4.1). The request type must have
 * been synced with at least one field; only supplied values or the synced defaults are sent (a
 * default using an order variable is not: there is no order), and the case is stored only after
 * the case system created the request.
 *
 * @returns 404 when the case system has no such request type; 422 INVALID_FIELD when it has no
 *   synced fields, a value names an unknown field, or the case system refuses the values;
 *   502 UPSTREAM_UNAVAILABLE when the case system cannot be reached (nothing is stored)
 */
export function createGeneralCase(
  deps: CaseDeps,
  input: CreateCaseInput,
): ResultAsync<CreatedCase, DomainError> {
  return ResultAsync.fromSafePromise(
    deps.storage.cases.getRequestType({
      affiliateId: input.affiliateId,
      requestTypeId: input.requestTypeId,
    }),
  ).andThen((synced) => {
    // Only the case system can tell an unknown request type (404) from one never synced (422).
    if (!synced) return findRequestType(deps, input.requestTypeId).andThen(() => errAsync(notSynced()));
    if (synced.fields.length === 0) return errAsync(notSynced());
    return planFieldValues(synced.fields, input, withoutOrderVariables).asyncAndThen((plan) =>
      openCase(deps, input, { id: synced.requestTypeId, name: synced.name }, plan),
    );
  });
}

/**
 * Creates a support case about an order (POST /v2/cases). The request type's fields come from
 * the affiliate's synced copy, or straight from the case system when it was never synced; their
 * text defaults may use the order variables of `order-variables.ts` (`{{order.id}}` ...).
 *
 * @returns 404 when the order does not exist for this affiliate or the request type is unknown;
 *   422 INVALID_FIELD when a value names an unknown field or the case system refuses the values;
 *   502 UPSTREAM_UNAVAILABLE when the case system cannot be reached (nothing is stored)
 */
export function createOrderCase(
  deps: CaseDeps,
  input: CreateCaseInput & { readonly orderId: string },
): ResultAsync<CreatedCase, DomainError> {
  const { affiliateId } = input;
  return ResultAsync.fromSafePromise(deps.storage.orders.get({ affiliateId, id: input.orderId }))
    .andThen((order) => (order ? okAsync(order) : errAsync(notFound('order'))))
    .andThen((order) =>
      ResultAsync.fromSafePromise(
        order.patientId === undefined
          ? Promise.resolve(undefined)
          : deps.storage.patients.get({ affiliateId, id: order.patientId }),
      ).map((patient) => orderVariables({ affiliateId, order, ...(patient ? { patient } : {}) })),
    )
    .andThen((variables) =>
      requestTypeFields(deps, input).andThen(({ requestType, fields }) =>
        planFieldValues(fields, input, (text) => resolveVariables(text, variables)).asyncAndThen((plan) =>
          openCase(deps, input, requestType, plan),
        ),
      ),
    );
}

function requestTypeFields(
  deps: CaseDeps,
  input: { affiliateId: string; requestTypeId: string },
): ResultAsync<{ requestType: { id: string; name: string }; fields: readonly SyncedField[] }, DomainError> {
  return ResultAsync.fromSafePromise(
    deps.storage.cases.getRequestType({
      affiliateId: input.affiliateId,
      requestTypeId: input.requestTypeId,
    }),
  ).andThen((synced) => {
    if (synced) {
      return okAsync({ requestType: { id: synced.requestTypeId, name: synced.name }, fields: synced.fields });
    }
    return findRequestType(deps, input.requestTypeId).andThen((requestType) =>
      deps.caseSystem.listRequestTypeFields({ requestTypeId: requestType.id }).map((fields) => ({
        requestType: { id: requestType.id, name: requestType.name },
        fields: fields.map(
          (field): SyncedField => ({
            externalSystemIdentifier: field.fieldId,
            name: field.name,
            required: field.required,
            defaultValues: field.defaultValues,
            validValues: field.validValues,
            ...(field.schema === undefined ? {} : { schema: field.schema }),
          }),
        ),
      })),
    );
  });
}

const maxNameLength = 255;

function caseName(values: Readonly<Record<string, unknown>>, fallback: string): string {
  const summary = values.summary;
  if (typeof summary !== 'string' || summary.trim() === '') return fallback;
  return [...summary.trim()].slice(0, maxNameLength).join('');
}

// The one write: after the case system created the request, never before (docs/decisions/cases.md).
function openCase(
  deps: CaseDeps,
  input: CreateCaseInput & { readonly orderId?: string },
  requestType: { id: string; name: string },
  plan: FieldValuesPlan,
): ResultAsync<CreatedCase, DomainError> {
  return deps.caseSystem
    .createRequest({ requestTypeId: requestType.id, requestFieldValues: plan.requestFieldValues })
    .andThen((request) => {
      const now = deps.clock.now();
      const caseRecord: CaseRecord = {
        id: deps.ids.next({ prefix: 'case' }),
        affiliateId: input.affiliateId,
        requestTypeId: requestType.id,
        name: caseName(plan.requestFieldValues, requestType.name),
        category: requestType.name,
        ...(input.orderId === undefined ? {} : { orderId: input.orderId }),
        externalIssueId: request.issueId,
        externalIssueKey: request.issueKey,
        ...(request.webUrl === undefined ? {} : { externalUrl: request.webUrl }),
        status: request.status.status,
        statusCategory: request.status.statusCategory,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      };
      return ResultAsync.fromSafePromise(
        deps.storage.transaction(async (tx) => {
          await tx.cases.saveCase({ caseRecord });
          await emitCaseEvent(tx, deps, 'support_case_created', caseRecord, `${caseRecord.id}:created`);
        }),
      ).map(() => ({
        caseRecord,
        missingRequiredFields: plan.missingRequiredFields,
      }));
    });
}

/** @deprecated Use {@link createGeneralCase}: a case, not a ticket. Removed in 0.3.0. */
export const createTicket = createGeneralCase;
