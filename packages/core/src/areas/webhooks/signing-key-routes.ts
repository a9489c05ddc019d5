import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { webhookWriters } from './access';
import { clientCertificateBody, removeClientCertificate, setClientCertificate } from './client-certificate';
import { oauthBody, removeOAuth, setOAuth } from './oauth-credentials';
import { affiliateJwks, removeSigningKeys, rotateSigningKey } from './signing-key-lifecycle';
import { jwksSchema } from './signing-keys';
import { idParams } from './webhook-input';
import { webhookReadAnswerSchema, webhookReply } from './webhook-view';

const tags = ['webhooks'];
const notFoundDoc = { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema };

/** How long a cache may keep the JWKS document: receivers fetch it again on a `kid` they do not know. */
export const jwksMaxAgeSeconds = 300;

/**
 * How receivers authenticate deliveries beyond the HMAC secret: the ed25519 keys of `v1a`
 * signatures and their public JWKS document (docs/api.md §5.5), OAuth client credentials (§5.6)
 * and client certificates (§5.7).
 */
export const signingKeyRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/rotateSigningKey',
    operationId: 'rotateWebhookSigningKey',
    summary:
      'Sign with a new ed25519 key (v1a); the key it replaces keeps signing for 24 hours. Only public keys are shown.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: {
        description: 'The webhook with its `signingKeys`, current first.',
        schema: webhookReadAnswerSchema,
      },
      404: notFoundDoc,
      422: { description: 'The webhook is on v1 payloads.', schema: errorEnvelopeSchema },
      502: { description: "The host's signer could not make a key.", schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, params, deps }) =>
      rotateSigningKey(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v2/webhooks/{id}/signingKeys',
    operationId: 'removeWebhookSigningKeys',
    summary: 'Stop v1a signatures: every ed25519 key of the webhook is dropped at once.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: { description: 'The webhook without `signingKeys`.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      removeSigningKeys(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/affiliates/{affiliateId}/jwks.json',
    operationId: 'getWebhookJwks',
    summary: "The public keys of the affiliate's v1a signatures, as a JWKS document (public, cacheable).",
    tags,
    access: { kind: 'public' },
    cors: true,
    rateLimit: { bucket: 'webhook-keys', per: 'client' },
    params: z.object({ affiliateId: z.string().min(1).max(200) }),
    responses: {
      200: {
        description: 'Every key signing one of its webhooks now; `keys` is empty when there is none.',
        schema: jwksSchema,
      },
    },
    errors: [],
    handle: ({ params, deps }) =>
      affiliateJwks(deps, { affiliateId: params.affiliateId }).map((body) => ({
        status: 200,
        body,
        headers: { 'Cache-Control': `public, max-age=${jwksMaxAgeSeconds}` },
      })),
  }),
  defineRoute({
    method: 'PUT',
    path: '/v2/webhooks/{id}/oauth',
    operationId: 'setWebhookOAuth',
    summary:
      "Send deliveries with a bearer token from the receiver's OAuth token endpoint (client credentials; the secret is write-only).",
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    body: oauthBody,
    responses: {
      200: {
        description: 'The webhook with `oauth` (without the client secret).',
        schema: webhookReadAnswerSchema,
      },
      404: notFoundDoc,
      422: {
        description: 'A refused tokenUrl, or an empty or over-long field.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      setOAuth(deps, { affiliateId: actor.affiliateId, id: params.id, input: body }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v2/webhooks/{id}/oauth',
    operationId: 'removeWebhookOAuth',
    summary: 'Send deliveries without a bearer token again.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: { description: 'The webhook without `oauth`.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      removeOAuth(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'PUT',
    path: '/v2/webhooks/{id}/clientCertificate',
    operationId: 'setWebhookClientCertificate',
    summary: 'Present a client certificate to the endpoint (mutual TLS); the private key is write-only.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    body: clientCertificateBody,
    responses: {
      200: {
        description: 'The webhook with `clientCertificate` (without the key).',
        schema: webhookReadAnswerSchema,
      },
      404: notFoundDoc,
      422: {
        description: 'A certificate, key or CA that is not PEM of its kind.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      setClientCertificate(deps, { affiliateId: actor.affiliateId, id: params.id, input: body }).andThen(
        (result) => webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v2/webhooks/{id}/clientCertificate',
    operationId: 'removeWebhookClientCertificate',
    summary: 'Stop presenting a client certificate.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: { description: 'The webhook without `clientCertificate`.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      removeClientCertificate(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
];
