export { type ClickIdName, type ClickIds, clickIdsForAdReplay } from './click-ids';
export {
  isWebhookVerificationError,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './errors';
export type { Attribution, AttributionTouch } from './events/attribution';
export type { CategoryOf, WebhookEventCategory, WebhookEventType } from './events/event-types';
export type * from './events/fields';
export type {
  EventFields,
  PatientIdentity,
  WebhookEnvelope,
  WebhookEvent,
  WebhookEventOf,
} from './events/types';
export type { SignatureHeaderValue } from './header';
export type {
  EventSchema,
  RawBody,
  SecretOptions,
  SignatureScheme,
  SignatureSource,
  SignStandardWebhookOptions,
  SignWebhookOptions,
  SignWebhookV1Options,
  VerifyResult,
  VerifySignatureOnlyOptions,
  VerifySignatureOptions,
  VerifyWebhookOptions,
  VerifyWebhookV1Options,
  WebhookHeaders,
} from './options';
export {
  type JwksKeySetOptions,
  jwksKeySet,
  type VerifyPublicKeyOptions,
  type WebhookKeySet,
  type WebhookPublicJwk,
  type WebhookPublicKey,
} from './public-key';
export { isStandardWebhooksSecret, type StandardWebhookHeaders } from './standard';
