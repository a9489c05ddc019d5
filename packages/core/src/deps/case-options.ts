const owner = '@affiliate-commerce/core';

/**
 * A reply that moves a case along: when the case system shows the case in `fromStatus`, a reply
 * performs the transition named `transitionName` (both matched without regard to case).
 *
 * @example
 * const rule: ReplyTransitionRule = { fromStatus: 'Waiting for customer', transitionName: 'Respond to support' };
 */
export interface ReplyTransitionRule {
  readonly fromStatus: string;
  readonly transitionName: string;
}

/**
 * Options of the support-case routes, passed to `createService` as `cases`.
 *
 * @example
 * createService({ ...ports, caseSystem, cases: { fileLimitBytes: 5 * 1024 * 1024 } });
 */
export interface CaseOptions {
  /** Largest file accepted by respond and attachment, in bytes; larger is 413. Default 10 MiB. */
  readonly fileLimitBytes?: number;
  /** Which replies cause a transition; `[]` turns them off. Default `defaultReplyTransitions` (docs/api.md §4.3). */
  readonly replyTransitions?: readonly ReplyTransitionRule[];
}

/** 10 MiB: the default file size limit of respond and attachment. */
export const defaultFileLimitBytes = 10 * 1024 * 1024;

/**
 * JSM's service-request workflow: a reply on a case waiting for the customer hands it back to
 * support, as JSM's own "transition on customer comment" automation does.
 */
export const defaultReplyTransitions: readonly ReplyTransitionRule[] = [
  { fromStatus: 'Waiting for customer', transitionName: 'Respond to support' },
];

/** @deprecated Use {@link CaseOptions}: the options of cases, passed as `cases`. Removed in 0.3.0. */
export type SupportOptions = CaseOptions;

/** {@link CaseOptions} with every default applied. */
export interface CaseSettings {
  readonly fileLimitBytes: number;
  readonly replyTransitions: readonly ReplyTransitionRule[];
}

/** @deprecated Use {@link CaseSettings}. Removed in 0.3.0. */
export type SupportSettings = CaseSettings;

/**
 * Applies the defaults, and throws a `TypeError` for a misconfigured host (a limit that is not a
 * positive whole number of bytes, or a rule with a blank name).
 */
export function caseSettings(options: CaseOptions | undefined): CaseSettings {
  const fileLimitBytes = options?.fileLimitBytes ?? defaultFileLimitBytes;
  if (!Number.isSafeInteger(fileLimitBytes) || fileLimitBytes < 1) {
    throw new TypeError(`${owner}: cases.fileLimitBytes must be a positive whole number of bytes`);
  }
  const replyTransitions = options?.replyTransitions ?? defaultReplyTransitions;
  for (const rule of replyTransitions) {
    if (rule.fromStatus.trim() === '' || rule.transitionName.trim() === '') {
      throw new TypeError(`${owner}: cases.replyTransitions need a fromStatus and a transitionName`);
    }
  }
  return { fileLimitBytes, replyTransitions };
}
