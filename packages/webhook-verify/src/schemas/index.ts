/**
 * zod schemas of the v2 payload, apart from the main entry so that verifying stays small.
 *
 * @example
 * import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
 * const event = verifyWebhook({ payload, signature, secret, schema: webhookEventSchema });
 *
 * @packageDocumentation
 */

export {
  notYetSubscribable,
  type WebhookEventCategory,
  type WebhookEventType,
  webhookEventCategories,
} from '../events/event-types';
export { attributionSchema, attributionTouchSchema } from './attribution';
export {
  envelopeSchema,
  identityBlockSchema,
  type WebhookEventSchemas,
  webhookEventSchema,
  webhookEventSchemas,
} from './events';
export {
  categoryFieldSchemas,
  commerceFieldsSchema,
  journeyFieldsSchema,
  labFieldsSchema,
  orderFieldsSchema,
  patientFieldsSchema,
  paymentFieldsSchema,
  pharmacyFieldsSchema,
  prescriptionFieldsSchema,
  productLineItemSchema,
  shippingFieldsSchema,
  supportFieldsSchema,
} from './fields';
