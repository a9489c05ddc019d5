import type { CaseFieldSchema, CaseFieldValue, CaseStatusCategory } from '../ports/case-system/case-system';

/** One field of a synced request type, as POST /v2/cases/sync-case-type stored it. */
export interface SyncedField {
  /** The case system's field id (JSM `fieldId`): the key of `fields` and `requestFieldValues`. */
  readonly externalSystemIdentifier: string;
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
  readonly defaultValues: readonly CaseFieldValue[];
  readonly validValues: readonly CaseFieldValue[];
  readonly schema?: CaseFieldSchema;
}

/**
 * A request type an affiliate synced from the case system, with its fields at the time of sync.
 * Synced types are per affiliate: one affiliate's sync never changes another's create-ticket.
 */
export interface SyncedRequestType {
  readonly affiliateId: string;
  /** The case system's request-type id (`externalCaseTypeIdentifier`). */
  readonly requestTypeId: string;
  readonly name: string;
  readonly description?: string;
  readonly fields: readonly SyncedField[];
  readonly syncedAt: Date;
}

/**
 * A support case: our record of a request created in the case system, stored per affiliate
 * only after the case system created the request.
 */
export interface CaseRecord {
  /** Our id, `case_...`. */
  readonly id: string;
  readonly affiliateId: string;
  readonly requestTypeId: string;
  /** The case's title: its `summary` value when one was sent, otherwise the request type's name. */
  readonly name: string;
  /** The request type's name when the case was created. */
  readonly category: string;
  /** The order the case is about (POST /v2/cases); absent for general tickets. */
  readonly orderId?: string;
  /** The case system's issue id (JSM `issueId`). */
  readonly externalIssueId: string;
  /** The case system's issue key (JSM `issueKey`, e.g. `SUP-12`). */
  readonly externalIssueKey: string;
  /** The request's page in the case system's customer portal. */
  readonly externalUrl?: string;
  /** The case system's status name, as last seen. */
  readonly status: string;
  readonly statusCategory: CaseStatusCategory;
  /** The user who created the case. */
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Storage of synced request types and support cases. Every method names the affiliate, so
 * another tenant's case or synced type is simply not found.
 *
 * @example
 * await storage.cases.saveCase({ caseRecord });
 * const again = await storage.cases.getCase({ affiliateId: caseRecord.affiliateId, id: caseRecord.id });
 */
export interface CaseStore {
  /** Creates or replaces the affiliate's synced copy of a request type, fields and all. */
  saveRequestType(input: { requestType: SyncedRequestType }): Promise<void>;
  getRequestType(input: {
    affiliateId: string;
    requestTypeId: string;
  }): Promise<SyncedRequestType | undefined>;
  /** The affiliate's synced request types, ordered by request-type id. */
  listRequestTypes(input: { affiliateId: string }): Promise<SyncedRequestType[]>;
  /** Creates or replaces a case. */
  saveCase(input: { caseRecord: CaseRecord }): Promise<void>;
  getCase(input: { affiliateId: string; id: string }): Promise<CaseRecord | undefined>;
  /** Records the case system's current status; returns the updated case, or undefined when there is none. */
  setCaseStatus(input: {
    affiliateId: string;
    id: string;
    status: string;
    statusCategory: CaseStatusCategory;
    updatedAt: Date;
  }): Promise<CaseRecord | undefined>;
}

/** @deprecated Use {@link CaseRecord}. Removed in 0.3.0. */
export type SupportCase = CaseRecord;

/** @deprecated Use {@link CaseStore}: the `Storage` port holds it as `cases`. Removed in 0.3.0. */
export type SupportStore = CaseStore;
