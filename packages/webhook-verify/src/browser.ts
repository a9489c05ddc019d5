/**
 * Verify signed affiliate-commerce webhook deliveries: the WebCrypto build for Workers, Deno,
 * Bun and browsers. WebCrypto has no synchronous HMAC, so this build has only the `…Async`
 * functions; `verifyWebhook` and the other synchronous ones exist in the Node build alone (see
 * docs/decisions/webhook-verify.md).
 *
 * @packageDocumentation
 */
export * from './shared-exports';
export { verifyWebhookWithPublicKeyAsync } from './web/public-key';
export { signStandardWebhookAsync, signWebhookAsync, signWebhookV1Async } from './web/sign';
export {
  safeVerifyWebhookAsync,
  verifyWebhookAsync,
  verifyWebhookSignatureAsync,
  verifyWebhookV1Async,
} from './web/verify';
