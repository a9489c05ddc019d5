export { type CreateCaseInput, type CreatedCase, createOrderCase, createTicket } from './create-case';
export {
  defaultFieldValue,
  type FieldValuesPlan,
  isBlank,
  type MissingField,
  planFieldValues,
  type ResolveText,
  type SuppliedValues,
} from './field-values';
export {
  fileField,
  maxMessageLength,
  multipartAllowanceBytes,
  readMultipartForm,
  safeContentType,
  safeFilename,
  textField,
  type UploadedFile,
} from './multipart-form';
export {
  type OrderVariableName,
  orderVariableNames,
  orderVariables,
  resolveVariables,
  withoutOrderVariables,
} from './order-variables';
export { readCase } from './read-case';
export { readAttachmentForm, readReplyForm } from './reply-form';
export { replyRoutes } from './reply-routes';
export { attachToCase, findCase, type ReplyResult, type ReplyTransition, replyToCase } from './reply-to-case';
export { findRequestType, type ListedRequestType, listRequestTypes, syncRequestType } from './request-types';
export { supportConfigurers, supportRoutes } from './routes';
export {
  defaultFileLimitBytes,
  defaultReplyTransitions,
  type ReplyTransitionRule,
  type SupportOptions,
  type SupportSettings,
  supportSettings,
} from './support-options';
export {
  attachmentResultSchema,
  type CaseView,
  caseCreatedSchema,
  caseStatusOf,
  caseViewSchema,
  replyResultSchema,
  toCaseView,
  toSyncedRequestTypeView,
} from './support-schemas';
export type { SupportCase, SupportStore, SyncedField, SyncedRequestType } from './support-store';
