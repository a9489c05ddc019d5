import { z } from 'zod';
import type { CaseFieldValue, CaseStatusCategory } from '../../ports/case-system/case-system';
import type { CaseRecord, SyncedRequestType } from '../../storage/case-store';

const statusCategorySchema = z.enum(['NEW', 'INDETERMINATE', 'DONE', 'UNDEFINED']);

/**
 * Our own status of a case, from the case system's status category: `open` (new or unknown),
 * `in_progress` (being worked on, or waiting for someone), `resolved` (done).
 */
export function caseStatusOf(category: CaseStatusCategory): 'open' | 'in_progress' | 'resolved' {
  if (category === 'DONE') return 'resolved';
  return category === 'INDETERMINATE' ? 'in_progress' : 'open';
}

/** A case as the API shows it. */
export const caseViewSchema = z.object({
  id: z.string(),
  requestTypeId: z.string(),
  name: z.string(),
  category: z.string(),
  orderId: z.string().optional(),
  status: z.enum(['open', 'in_progress', 'resolved']),
  externalCaseIdentifier: z.string(),
  externalIssueId: z.string(),
  externalCaseStatus: z.string(),
  externalCaseStatusCategory: statusCategorySchema,
  externalCaseUrl: z.string().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A case as the API shows it. */
export type CaseView = z.infer<typeof caseViewSchema>;

/** The API view of a stored case. */
export function toCaseView(caseRecord: CaseRecord): CaseView {
  return {
    id: caseRecord.id,
    requestTypeId: caseRecord.requestTypeId,
    name: caseRecord.name,
    category: caseRecord.category,
    ...(caseRecord.orderId === undefined ? {} : { orderId: caseRecord.orderId }),
    status: caseStatusOf(caseRecord.statusCategory),
    externalCaseIdentifier: caseRecord.externalIssueKey,
    externalIssueId: caseRecord.externalIssueId,
    externalCaseStatus: caseRecord.status,
    externalCaseStatusCategory: caseRecord.statusCategory,
    ...(caseRecord.externalUrl === undefined ? {} : { externalCaseUrl: caseRecord.externalUrl }),
    createdAt: caseRecord.createdAt.toISOString(),
    updatedAt: caseRecord.updatedAt.toISOString(),
  };
}

interface FieldValueView {
  value: string;
  label: string;
  children?: FieldValueView[];
}

const fieldValueSchema: z.ZodType<FieldValueView> = z.object({
  value: z.string(),
  label: z.string(),
  children: z.array(z.lazy(() => fieldValueSchema)).optional(),
});

const toFieldValueView = (option: CaseFieldValue): FieldValueView => ({
  value: option.value,
  label: option.label,
  ...(option.children === undefined ? {} : { children: option.children.map(toFieldValueView) }),
});

/** A synced field as the API shows it. */
export const syncedFieldViewSchema = z.object({
  externalSystemIdentifier: z.string(),
  name: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  defaultValues: z.array(fieldValueSchema),
  validValues: z.array(fieldValueSchema),
  schema: z.looseObject({ type: z.string() }).optional(),
});

/** A synced request type as the API shows it. */
export const syncedRequestTypeViewSchema = z.object({
  externalCaseTypeIdentifier: z.string(),
  name: z.string(),
  description: z.string().optional(),
  syncedAt: z.iso.datetime(),
  fields: z.array(syncedFieldViewSchema),
});

/** The API view of a synced request type. */
export function toSyncedRequestTypeView(
  type: SyncedRequestType,
): z.infer<typeof syncedRequestTypeViewSchema> {
  return {
    externalCaseTypeIdentifier: type.requestTypeId,
    name: type.name,
    ...(type.description === undefined ? {} : { description: type.description }),
    syncedAt: type.syncedAt.toISOString(),
    fields: type.fields.map((field) => ({
      externalSystemIdentifier: field.externalSystemIdentifier,
      name: field.name,
      ...(field.description === undefined ? {} : { description: field.description }),
      required: field.required,
      defaultValues: field.defaultValues.map(toFieldValueView),
      validValues: field.validValues.map(toFieldValueView),
      ...(field.schema === undefined ? {} : { schema: { ...field.schema } }),
    })),
  };
}

/** One request type of GET /v2/tracker-apis/request-types. */
export const requestTypeListItemSchema = z.object({
  externalCaseTypeIdentifier: z.string(),
  name: z.string(),
  description: z.string().optional(),
  helpText: z.string().optional(),
  synced: z.boolean(),
  syncedAt: z.iso.datetime().optional(),
  syncedFieldCount: z.number().int().optional(),
});

/** A required field that had neither a value nor a default. */
export const missingFieldSchema = z.object({ externalSystemIdentifier: z.string(), name: z.string() });

/** docs/api.md §2.2: the answer of create-ticket and POST /v2/cases. */
export const caseCreatedSchema = z.object({
  success: z.literal(true),
  missingRequiredFields: z.array(missingFieldSchema),
  data: caseViewSchema,
});

/** The status change a reply caused. */
export const replyTransitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  fromStatus: z.string(),
  toStatus: z.string().optional(),
});

const rawCommentSchema = z.looseObject({ id: z.string(), body: z.string() });
const rawAttachmentSchema = z.looseObject({ filename: z.string() });

/** docs/api.md §2.3: the answer of respond, exactly; there is no top-level `commentId`. */
export const replyResultSchema = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({
    comment: rawCommentSchema,
    attachments: z.array(rawAttachmentSchema),
    transition: replyTransitionSchema.optional(),
  }),
});

/** The answer of POST /v2/cases/{id}/actions/attachment. */
export const attachmentResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ attachments: z.array(rawAttachmentSchema) }),
});
