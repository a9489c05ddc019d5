import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { CaseRequestType } from '../../ports/case-system/case-system';
import type { SyncedRequestType } from '../../storage/case-store';

/** A request type of the case system, with whether this affiliate has synced it. */
export interface ListedRequestType {
  readonly requestType: CaseRequestType;
  readonly synced?: SyncedRequestType;
}

/**
 * Lists the case system's request types (all pages) for GET /v2/tracker-apis/request-types, each
 * with this affiliate's synced copy when there is one.
 *
 * @returns 502 UPSTREAM_UNAVAILABLE when the case system cannot be reached
 */
export function listRequestTypes(
  deps: Pick<ServiceDeps, 'storage' | 'caseSystem'>,
  input: { affiliateId: string },
): ResultAsync<ListedRequestType[], DomainError> {
  return deps.caseSystem.listRequestTypes().andThen((types) =>
    ResultAsync.fromSafePromise(deps.storage.cases.listRequestTypes({ affiliateId: input.affiliateId })).map(
      (synced) => {
        const byId = new Map(synced.map((type) => [type.requestTypeId, type]));
        return types.map((requestType) => {
          const copy = byId.get(requestType.id);
          return copy ? { requestType, synced: copy } : { requestType };
        });
      },
    ),
  );
}

/**
 * Finds one request type of the case system by id.
 *
 * @returns 404 when the case system has no such request type; 502 when it cannot be reached
 */
export function findRequestType(
  deps: Pick<ServiceDeps, 'caseSystem'>,
  requestTypeId: string,
): ResultAsync<CaseRequestType, DomainError> {
  return deps.caseSystem.listRequestTypes().andThen((types) => {
    const found = types.find((type) => type.id === requestTypeId);
    return found ? okAsync(found) : errAsync(notFound('request type'));
  });
}

/**
 * Reads a request type and its fields from the case system and stores them as this affiliate's
 * synced copy (POST /v2/cases/sync-case-type), replacing an earlier sync. Both reads happen
 * before the write, so a failure stores nothing.
 *
 * @returns 404 when the case system has no such request type; 502 when it cannot be reached
 */
export function syncRequestType(
  deps: Pick<ServiceDeps, 'storage' | 'caseSystem' | 'clock'>,
  input: { affiliateId: string; requestTypeId: string },
): ResultAsync<SyncedRequestType, DomainError> {
  return findRequestType(deps, input.requestTypeId)
    .andThen((requestType) =>
      deps.caseSystem
        .listRequestTypeFields({ requestTypeId: requestType.id })
        .map((fields) => ({ requestType, fields })),
    )
    .andThen(({ requestType, fields }) => {
      const synced: SyncedRequestType = {
        affiliateId: input.affiliateId,
        requestTypeId: requestType.id,
        name: requestType.name,
        ...(requestType.description === undefined ? {} : { description: requestType.description }),
        fields: fields.map((field) => ({
          externalSystemIdentifier: field.fieldId,
          name: field.name,
          ...(field.description === undefined ? {} : { description: field.description }),
          required: field.required,
          defaultValues: field.defaultValues,
          validValues: field.validValues,
          ...(field.schema === undefined ? {} : { schema: field.schema }),
        })),
        syncedAt: deps.clock.now(),
      };
      return ResultAsync.fromSafePromise(deps.storage.cases.saveRequestType({ requestType: synced })).map(
        () => synced,
      );
    });
}
