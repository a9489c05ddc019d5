import type {
  CaseAttachment,
  CaseComment,
  CaseFieldValue,
  CaseRequest,
  CaseRequestType,
  CaseRequestTypeField,
  CaseStatus,
  CaseStatusCategory,
  CaseTransition,
  DomainError,
} from '@affiliate-commerce/core';
import { upstreamUnavailable } from '@affiliate-commerce/core/http';
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';

// Shapes of JSM Cloud's `/rest/servicedeskapi` answers. Objects are loose: JSM adds fields over
// time, and the raw comment and attachments must pass through untouched (docs/api.md §2.3).

const id = z.union([z.string(), z.number()]).transform(String);

/** JSM's paged envelope: `size`, `start`, `limit`, `isLastPage`, `values`. */
export const pageSchema = z.looseObject({
  size: z.number().optional(),
  start: z.number().optional(),
  limit: z.number().optional(),
  isLastPage: z.boolean(),
  values: z.array(z.unknown()),
});

const dateSchema = z
  .looseObject({ iso8601: z.string().optional(), epochMillis: z.number().optional() })
  .transform((date) => {
    if (date.epochMillis !== undefined) return new Date(date.epochMillis).toISOString();
    const parsed = date.iso8601 === undefined ? Number.NaN : Date.parse(date.iso8601);
    return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString();
  });

const categories: readonly CaseStatusCategory[] = ['NEW', 'INDETERMINATE', 'DONE', 'UNDEFINED'];

const statusSchema = z
  .looseObject({
    status: z.string(),
    statusCategory: z.string().optional(),
    statusDate: dateSchema.optional(),
  })
  .transform(
    (raw): CaseStatus => ({
      status: raw.status,
      statusCategory: categories.find((category) => category === raw.statusCategory) ?? 'UNDEFINED',
      ...(raw.statusDate ? { statusDate: raw.statusDate } : {}),
    }),
  );

/** A request type, as listed by `servicedesk/{id}/requesttype`. */
export const requestTypeSchema = z
  .looseObject({
    id,
    name: z.string(),
    description: z.string().optional(),
    helpText: z.string().optional(),
    issueTypeId: id.optional(),
    serviceDeskId: id.optional(),
    groupIds: z.array(id).optional(),
  })
  .transform(
    (raw): CaseRequestType => ({
      id: raw.id,
      name: raw.name,
      ...(raw.description ? { description: raw.description } : {}),
      ...(raw.helpText ? { helpText: raw.helpText } : {}),
      ...(raw.issueTypeId !== undefined ? { issueTypeId: raw.issueTypeId } : {}),
      ...(raw.serviceDeskId !== undefined ? { serviceDeskId: raw.serviceDeskId } : {}),
      ...(raw.groupIds ? { groupIds: raw.groupIds } : {}),
    }),
  );

interface RawFieldValue {
  value: string;
  label: string;
  children?: RawFieldValue[] | undefined;
}

const fieldValueSchema: z.ZodType<RawFieldValue> = z.looseObject({
  value: z.string(),
  label: z.string(),
  get children() {
    return z.array(fieldValueSchema).optional();
  },
});

// JSM sends `children: []` on every plain option; the port leaves it out unless there are some.
function toFieldValue(raw: RawFieldValue): CaseFieldValue {
  const children = raw.children ?? [];
  return {
    value: raw.value,
    label: raw.label,
    ...(children.length > 0 ? { children: children.map(toFieldValue) } : {}),
  };
}

const fieldSchema = z
  .looseObject({
    fieldId: z.string(),
    name: z.string(),
    description: z.string().optional(),
    required: z.boolean(),
    defaultValues: z.array(fieldValueSchema).optional(),
    validValues: z.array(fieldValueSchema).optional(),
    jiraSchema: z
      .looseObject({
        type: z.string(),
        items: z.string().optional(),
        system: z.string().optional(),
        custom: z.string().optional(),
        customId: z.number().optional(),
      })
      .optional(),
  })
  .transform(
    (raw): CaseRequestTypeField => ({
      fieldId: raw.fieldId,
      name: raw.name,
      ...(raw.description ? { description: raw.description } : {}),
      required: raw.required,
      defaultValues: (raw.defaultValues ?? []).map(toFieldValue),
      validValues: (raw.validValues ?? []).map(toFieldValue),
      ...(raw.jiraSchema
        ? {
            schema: {
              type: raw.jiraSchema.type,
              ...(raw.jiraSchema.items !== undefined ? { items: raw.jiraSchema.items } : {}),
              ...(raw.jiraSchema.system !== undefined ? { system: raw.jiraSchema.system } : {}),
              ...(raw.jiraSchema.custom !== undefined ? { custom: raw.jiraSchema.custom } : {}),
              ...(raw.jiraSchema.customId !== undefined ? { customId: raw.jiraSchema.customId } : {}),
            },
          }
        : {}),
    }),
  );

/** The envelope of `servicedesk/{id}/requesttype/{id}/field` (not paged). */
export const requestTypeFieldsSchema = z
  .looseObject({ requestTypeFields: z.array(fieldSchema) })
  .transform((raw) => raw.requestTypeFields);

/** A customer request, as `POST request` and `GET request/{issueIdOrKey}` return it. */
export const customerRequestSchema = z
  .looseObject({
    issueId: id,
    issueKey: z.string(),
    requestTypeId: id,
    serviceDeskId: id,
    createdDate: dateSchema.optional(),
    currentStatus: statusSchema,
    _links: z.looseObject({ web: z.string().optional() }).optional(),
  })
  .transform(
    (raw): CaseRequest => ({
      issueId: raw.issueId,
      issueKey: raw.issueKey,
      requestTypeId: raw.requestTypeId,
      serviceDeskId: raw.serviceDeskId,
      createdDate: raw.createdDate ?? raw.currentStatus.statusDate ?? new Date(0).toISOString(),
      status: raw.currentStatus,
      ...(raw._links?.web ? { webUrl: raw._links.web } : {}),
    }),
  );

/** A comment, kept raw apart from `id` read as a string. */
export const commentSchema = z
  .looseObject({ id, body: z.string(), public: z.boolean().optional() })
  .transform((raw): CaseComment => raw);

const attachmentSchema = z
  .looseObject({ filename: z.string(), mimeType: z.string().optional(), size: z.number().optional() })
  .transform((raw): CaseAttachment => raw);

/** The answer of `request/{issueIdOrKey}/attachment`: the comment (if any) and a page of attachments. */
export const attachmentCreateResultSchema = z.looseObject({
  comment: commentSchema.optional(),
  attachments: z.looseObject({ values: z.array(attachmentSchema) }),
});

/** The answer of `servicedesk/{id}/attachTemporaryFile`. */
export const temporaryAttachmentsSchema = z
  .looseObject({
    temporaryAttachments: z.array(
      z.looseObject({ temporaryAttachmentId: z.string(), fileName: z.string().optional() }),
    ),
  })
  .transform((raw) => raw.temporaryAttachments.map((attachment) => attachment.temporaryAttachmentId));

/** A customer transition. */
export const transitionSchema = z
  .looseObject({ id, name: z.string() })
  .transform((raw): CaseTransition => ({ id: raw.id, name: raw.name }));

/**
 * Reads an answer with a schema; a shape we do not recognise means the system is not behaving
 * as documented, which our caller can only treat as unavailable.
 *
 * @example
 * parseAnswer(transitionSchema, { id: '1', name: 'Close' }, 'transition')
 */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): Result<T, DomainError> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return ok(parsed.data);
  return err(
    upstreamUnavailable('case system', new Error(`unexpected ${what} from JSM`, { cause: parsed.error })),
  );
}
