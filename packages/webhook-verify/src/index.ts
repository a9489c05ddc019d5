/**
 * Verify signed affiliate-commerce webhook deliveries: the Node build (node:crypto, synchronous
 * and async). Other runtimes get `./browser.ts` through the `browser` and `default` conditions.
 *
 * @packageDocumentation
 */

export { verifyWebhookWithPublicKeyAsync } from './node/public-key';
export {
  signStandardWebhook,
  signStandardWebhookAsync,
  signWebhook,
  signWebhookAsync,
  signWebhookV1,
  signWebhookV1Async,
} from './node/sign';
export {
  safeVerifyWebhook,
  safeVerifyWebhookAsync,
  verifyWebhook,
  verifyWebhookAsync,
  verifyWebhookSignature,
  verifyWebhookSignatureAsync,
  verifyWebhookV1,
  verifyWebhookV1Async,
} from './node/verify';
export * from './shared-exports';
