import type { ResultAsync } from 'neverthrow';
import type { DomainError } from '../../base/errors';

/**
 * The case-system port: the external case-management system that mirrors support cases
 * (docs/api.md §1, §4.1, §4.3, §4.8). Its shape follows Jira Service Management's customer-request API so
 * that the real adapter is a thin translation and the sandbox behaves like the real thing.
 * Every method takes one object argument and never throws: failures come back as
 * `UPSTREAM_UNAVAILABLE` (the system is down, slow or refused us), `NOT_FOUND` (unknown request
 * type or request) or `INVALID_FIELD` (the system rejected the values we sent).
 *
 * @example
 * const types = await caseSystem.listRequestTypes();
 * const created = await caseSystem.createRequest({
 *   requestTypeId: '10',
 *   requestFieldValues: { summary: 'Order arrived damaged' },
 * });
 */
export interface CaseSystem {
  /** Every request type of the configured service desk, all pages read. */
  listRequestTypes(): ResultAsync<readonly CaseRequestType[], DomainError>;
  /** The fields of one request type; `NOT_FOUND` when the request type is unknown. */
  listRequestTypeFields(input: {
    requestTypeId: string;
  }): ResultAsync<readonly CaseRequestTypeField[], DomainError>;
  /**
   * Creates a request (a case) with exactly the field values given. `NOT_FOUND` for an unknown
   * request type; `INVALID_FIELD` (field `requestFieldValues`) when the system rejects the values,
   * for instance a required field is missing. Nothing is created when it fails.
   */
  createRequest(input: {
    requestTypeId: string;
    requestFieldValues: Readonly<Record<string, unknown>>;
    /** Account id or email of the customer the request is raised for. */
    raiseOnBehalfOf?: string;
  }): ResultAsync<CaseRequest, DomainError>;
  /** Adds a comment; the result is the comment as the system returns it, raw (docs/api.md §2.3). */
  addComment(input: {
    issueIdOrKey: string;
    body: string;
    public: boolean;
  }): ResultAsync<CaseComment, DomainError>;
  /**
   * Uploads a file to the service desk's temporary storage. The ids it returns are used once,
   * by {@link CaseSystem.attachToRequest}; unused ones expire on the system's side.
   */
  attachTemporaryFile(input: {
    filename: string;
    contentType: string;
    data: Uint8Array;
  }): ResultAsync<CaseTemporaryAttachments, DomainError>;
  /**
   * Attaches uploaded temporary files to a request, optionally with a comment created in the same
   * step; the result holds the attachments and, when a comment was given, that comment raw.
   */
  attachToRequest(input: {
    issueIdOrKey: string;
    temporaryAttachmentIds: readonly string[];
    public: boolean;
    comment?: string;
  }): ResultAsync<CaseAttachmentResult, DomainError>;
  /** The transitions the request can take from its current status, all pages read. */
  listTransitions(input: { issueIdOrKey: string }): ResultAsync<readonly CaseTransition[], DomainError>;
  /**
   * Moves the request along one of its transitions; `INVALID_FIELD` (field `transitionId`) when
   * the transition is not available from the current status.
   */
  performTransition(input: {
    issueIdOrKey: string;
    transitionId: string;
    comment?: string;
  }): ResultAsync<CaseTransitionResult, DomainError>;
  /** The request's current status. */
  getRequestStatus(input: { issueIdOrKey: string }): ResultAsync<CaseStatus, DomainError>;
}

/** A request type (a kind of case) as the case system lists it. */
export interface CaseRequestType {
  /** The case system's id: the `externalCaseTypeIdentifier` of GET /v2/tracker-apis/request-types. */
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly helpText?: string;
  readonly issueTypeId?: string;
  readonly serviceDeskId?: string;
  readonly groupIds?: readonly string[];
}

/** A value a field can take or starts with; select fields nest options in `children`. */
export interface CaseFieldValue {
  readonly value: string;
  readonly label: string;
  readonly children?: readonly CaseFieldValue[];
}

/**
 * How the case system stores a field's value (Jira's `jiraSchema`).
 *
 * @example
 * const schema: CaseFieldSchema = { type: 'string', system: 'summary' };
 */
export interface CaseFieldSchema {
  readonly type: string;
  readonly items?: string;
  readonly system?: string;
  readonly custom?: string;
  readonly customId?: number;
}

/** One field of a request type; `fieldId` is the `externalSystemIdentifier` stored on sync. */
export interface CaseRequestTypeField {
  readonly fieldId: string;
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
  readonly defaultValues: readonly CaseFieldValue[];
  readonly validValues: readonly CaseFieldValue[];
  readonly schema?: CaseFieldSchema;
}

/** Where a status sits in the workflow, as JSM names the categories. */
export type CaseStatusCategory = 'NEW' | 'INDETERMINATE' | 'DONE' | 'UNDEFINED';

/** A request's status; `statusDate` (an ISO 8601 UTC instant) is absent when the system leaves it out. */
export interface CaseStatus {
  readonly status: string;
  readonly statusCategory: CaseStatusCategory;
  readonly statusDate?: string;
}

/** A created request (a case in the case system). */
export interface CaseRequest {
  /** Numeric issue id, as a string. */
  readonly issueId: string;
  /** Human-readable key such as `SUP-12`. */
  readonly issueKey: string;
  readonly requestTypeId: string;
  readonly serviceDeskId: string;
  /** ISO 8601 UTC instant. */
  readonly createdDate: string;
  readonly status: CaseStatus;
  /** The request's page in the customer portal, when the system has one (SUPPORT `external_case_url`). */
  readonly webUrl?: string;
}

/**
 * A comment exactly as the case system returned it. Only `id` and `body` are guaranteed; the
 * rest (author, dates, links) passes through untouched, as docs/api.md §2.3 asks for the raw comment.
 */
export interface CaseComment {
  readonly id: string;
  readonly body: string;
  readonly public?: boolean;
  readonly [key: string]: unknown;
}

/**
 * Ids of uploaded temporary files, in upload order.
 *
 * @example
 * const uploaded: CaseTemporaryAttachments = { temporaryAttachmentIds: ['temp8186986881194401811'] };
 */
export interface CaseTemporaryAttachments {
  readonly temporaryAttachmentIds: readonly string[];
}

/** An attachment as the case system returned it; extra fields pass through untouched. */
export interface CaseAttachment {
  readonly filename: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly [key: string]: unknown;
}

/** What attaching files created: the attachments and, when a comment was sent, that comment. */
export interface CaseAttachmentResult {
  readonly attachments: readonly CaseAttachment[];
  readonly comment?: CaseComment;
}

/** A transition available from a request's current status. */
export interface CaseTransition {
  readonly id: string;
  readonly name: string;
}

/** The transition that was performed; read the new status with `getRequestStatus`. */
export interface CaseTransitionResult {
  readonly transitionId: string;
}
