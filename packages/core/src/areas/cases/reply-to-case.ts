import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ReplyTransitionRule } from '../../deps/case-options';
import type { ServiceDeps } from '../../deps/service-deps';
import type { CaseAttachment, CaseComment, CaseStatus } from '../../ports/case-system/case-system';
import type { CaseRecord } from '../../storage/case-store';
import { emitCaseEvent, recordCaseStatus } from './case-events';
import type { UploadedFile } from './multipart-form';

type ReplyDeps = Pick<ServiceDeps, 'storage' | 'caseSystem' | 'clock' | 'logger' | 'ids'>;

/**
 * The status change a reply caused. `toStatus` is absent only when the case system performed the
 * transition but its new status could not be read back.
 */
export interface ReplyTransition {
  readonly id: string;
  readonly name: string;
  readonly fromStatus: string;
  readonly toStatus?: string;
}

/**
 * What a reply created (docs/api.md §2.3): the raw comment, the attachments, and the transition when the
 * reply caused one.
 */
export interface ReplyResult {
  readonly comment: CaseComment;
  readonly attachments: readonly CaseAttachment[];
  readonly transition?: ReplyTransition;
}

/**
 * Reads one case of the affiliate.
 *
 * @returns 404 when the case does not exist for this affiliate
 */
export function findCase(
  deps: Pick<ServiceDeps, 'storage'>,
  input: { affiliateId: string; id: string },
): ResultAsync<CaseRecord, DomainError> {
  return ResultAsync.fromSafePromise(deps.storage.cases.getCase(input)).andThen((found) =>
    found ? okAsync(found) : errAsync(notFound('case')),
  );
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Adds a public reply to a case (docs/api.md §4.3), with an optional file attached in the same step, then
 * applies the first reply rule whose `fromStatus` is the request's current status. The status is
 * read before anything is written, so a case system that is down fails the reply with nothing
 * posted. Once the comment exists the reply has succeeded: a transition that fails afterwards is
 * logged and left out rather than reported as a failed reply the client would repeat.
 *
 * @returns 502 UPSTREAM_UNAVAILABLE when the case system cannot be reached before the comment
 *   was created; 422 INVALID_FIELD when it refuses the comment or the file
 */
export function replyToCase(
  deps: ReplyDeps,
  input: {
    caseRecord: CaseRecord;
    message: string;
    file?: UploadedFile;
    rules: readonly ReplyTransitionRule[];
  },
): ResultAsync<ReplyResult, DomainError> {
  const { caseRecord } = input;
  const issueIdOrKey = caseRecord.externalIssueId;
  return deps.caseSystem.getRequestStatus({ issueIdOrKey }).andThen((before) =>
    post(deps, issueIdOrKey, input.message, input.file).andThen((posted) =>
      transitionAfterReply(deps, caseRecord, before, input.rules)
        .andThen((transition) =>
          ResultAsync.fromSafePromise(
            deps.storage.transaction((tx) =>
              emitCaseEvent(
                tx,
                deps,
                'support_case_replied',
                caseRecord,
                `${caseRecord.id}:reply:${posted.comment.id}`,
              ),
            ),
          ).map(() => transition),
        )
        .map((transition) => ({
          ...posted,
          ...(transition ? { transition } : {}),
        })),
    ),
  );
}

function post(
  deps: ReplyDeps,
  issueIdOrKey: string,
  message: string,
  file: UploadedFile | undefined,
): ResultAsync<{ comment: CaseComment; attachments: readonly CaseAttachment[] }, DomainError> {
  if (!file) {
    return deps.caseSystem
      .addComment({ issueIdOrKey, body: message, public: true })
      .map((comment) => ({ comment, attachments: [] }));
  }
  // The comment rides on the attach call (JSM's additionalComment): both exist, or neither does.
  return deps.caseSystem
    .attachTemporaryFile(file)
    .andThen(({ temporaryAttachmentIds }) =>
      deps.caseSystem.attachToRequest({
        issueIdOrKey,
        temporaryAttachmentIds,
        public: true,
        comment: message,
      }),
    )
    .andThen(({ attachments, comment }) =>
      comment
        ? okAsync({ comment, attachments })
        : deps.caseSystem
            .addComment({ issueIdOrKey, body: message, public: true })
            .map((added) => ({ comment: added, attachments })),
    );
}

interface Moved {
  readonly transition?: ReplyTransition;
  readonly status: CaseStatus;
}

// Never fails: the reply already exists, so problems here are logged and the transition left out.
function transitionAfterReply(
  deps: ReplyDeps,
  caseRecord: CaseRecord,
  before: CaseStatus,
  rules: readonly ReplyTransitionRule[],
): ResultAsync<ReplyTransition | undefined, never> {
  const issueIdOrKey = caseRecord.externalIssueId;
  const rule = rules.find((candidate) => same(candidate.fromStatus, before.status));
  const moved: ResultAsync<Moved, DomainError> = !rule
    ? okAsync({ status: before })
    : deps.caseSystem.listTransitions({ issueIdOrKey }).andThen((available) => {
        const chosen = available.find((transition) => same(transition.name, rule.transitionName));
        if (!chosen) return okAsync<Moved>({ status: before });
        return deps.caseSystem.performTransition({ issueIdOrKey, transitionId: chosen.id }).andThen(() =>
          deps.caseSystem
            .getRequestStatus({ issueIdOrKey })
            .map((after) => ({
              transition: {
                id: chosen.id,
                name: chosen.name,
                fromStatus: before.status,
                toStatus: after.status,
              },
              status: after,
            }))
            .orElse((error) => {
              deps.logger.warn('Case transitioned, but its new status could not be read', {
                caseId: caseRecord.id,
                code: error.code,
                cause: error.cause,
              });
              return okAsync<Moved>({
                transition: { id: chosen.id, name: chosen.name, fromStatus: before.status },
                status: before,
              });
            }),
        );
      });
  return moved
    .orElse((error) => {
      deps.logger.warn('Reply posted, but its transition failed', {
        caseId: caseRecord.id,
        code: error.code,
        cause: error.cause,
      });
      return okAsync<Moved>({ status: before });
    })
    .andThen(({ transition, status }) => recordStatus(deps, caseRecord, status).map(() => transition));
}

function recordStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  caseRecord: CaseRecord,
  status: CaseStatus,
): ResultAsync<void, never> {
  if (status.status === caseRecord.status && status.statusCategory === caseRecord.statusCategory) {
    return okAsync(undefined);
  }
  return ResultAsync.fromSafePromise(recordCaseStatus(deps, caseRecord, status)).map(() => undefined);
}

/**
 * Attaches a file to a case (POST /v2/cases/{id}/actions/attachment), with no comment and no
 * status change.
 *
 * @returns 502 UPSTREAM_UNAVAILABLE when the case system cannot be reached; 422 INVALID_FIELD
 *   when it refuses the file
 */
export function attachToCase(
  deps: Pick<ServiceDeps, 'caseSystem'>,
  input: { caseRecord: CaseRecord; file: UploadedFile },
): ResultAsync<{ attachments: readonly CaseAttachment[] }, DomainError> {
  const issueIdOrKey = input.caseRecord.externalIssueId;
  return deps.caseSystem
    .attachTemporaryFile(input.file)
    .andThen(({ temporaryAttachmentIds }) =>
      deps.caseSystem.attachToRequest({ issueIdOrKey, temporaryAttachmentIds, public: true }),
    )
    .map(({ attachments }) => ({ attachments }));
}
