import { okAsync, ResultAsync } from 'neverthrow';
import type { DomainError } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { CaseRecord } from '../../storage/case-store';
import { recordCaseStatus } from './case-events';
import { findCase } from './reply-to-case';

/**
 * Reads a case (GET /v2/cases/{id}) with its status refreshed from the case system, recording a
 * change an agent made there. Reading never fails because the case system is down: the case is
 * then answered with the status last seen (its `updatedAt` says when that was).
 *
 * @returns 404 when the case does not exist for this affiliate
 */
export function readCase(
  deps: Pick<ServiceDeps, 'storage' | 'caseSystem' | 'clock' | 'logger' | 'ids'>,
  input: { affiliateId: string; id: string },
): ResultAsync<CaseRecord, DomainError> {
  return findCase(deps, input).andThen((found) =>
    deps.caseSystem
      .getRequestStatus({ issueIdOrKey: found.externalIssueId })
      .andThen((current) => {
        if (current.status === found.status && current.statusCategory === found.statusCategory) {
          return okAsync(found);
        }
        return ResultAsync.fromSafePromise(recordCaseStatus(deps, found, current)).map(
          (updated) => updated ?? found,
        );
      })
      .orElse((error) => {
        deps.logger.warn('Case status could not be refreshed; answering the last one seen', {
          caseId: found.id,
          code: error.code,
          cause: error.cause,
        });
        return okAsync(found);
      }),
  );
}
