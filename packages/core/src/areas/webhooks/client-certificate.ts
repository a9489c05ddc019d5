import { errAsync, ok, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Webhook } from '../../storage/webhook-store';
import { changeWebhook, removeWebhookPart, type WebhookResult } from './change-webhook';

const maxPemLength = 16_384;
const pem = (labels: string, what: string) =>
  z
    .string()
    .max(maxPemLength, `must be at most ${maxPemLength} characters`)
    .regex(
      new RegExp(`^\\s*(-----BEGIN (${labels})-----[A-Za-z0-9+/=\\s]+-----END \\2-----\\s*)+$`),
      `must be ${what} in PEM`,
    );

/** Body of `PUT /v2/webhooks/{id}/clientCertificate` (docs/api.md §5.7); the private key is write-only. */
export const clientCertificateBody = z.object({
  certificate: pem('CERTIFICATE', 'a certificate (and any intermediates)'),
  privateKey: pem('PRIVATE KEY|RSA PRIVATE KEY|EC PRIVATE KEY', 'an unencrypted private key'),
  ca: pem('CERTIFICATE', 'CA certificates').optional(),
});

/** `clientCertificate` of the webhook record: the certificate and CA, never the key. */
export const clientCertificateViewSchema = z.object({ certificate: z.string(), ca: z.string().optional() });

/** `clientCertificate` of the webhook record; absent without one. */
export function clientCertificateView(webhook: Webhook): {
  clientCertificate?: z.infer<typeof clientCertificateViewSchema>;
} {
  const stored = webhook.clientCertificate;
  if (!stored) return {};
  return { clientCertificate: { certificate: stored.certificate, ...(stored.ca ? { ca: stored.ca } : {}) } };
}

/** The additional data the private key is sealed with. */
export const clientKeySealedFor = (webhookId: string) => `${webhookId}:client-key`;

/**
 * Makes a webhook's deliveries present a client certificate (mutual TLS, docs/api.md §5.7), with
 * `ca` the only CA trusted for the endpoint's own certificate when given. The private key is
 * sealed and never shown; whether it matches the certificate shows in the first attempt.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD naming `certificate`, `privateKey` or `ca` when it is not PEM of its kind
 */
export function setClientCertificate(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox'>,
  request: { affiliateId: string; id: string; input: unknown },
): ResultAsync<WebhookResult, DomainError> {
  const input = validate(clientCertificateBody, request.input, 'body');
  if (input.isErr()) return errAsync(input.error);
  const { certificate, privateKey, ca } = input.value;
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    async (current) => {
      const sealedKey = await deps.secretBox.seal({
        plaintext: privateKey,
        webhookId: clientKeySealedFor(current.id),
      });
      const clientCertificate = {
        certificate: certificate.trim(),
        sealedKey,
        ...(ca ? { ca: ca.trim() } : {}),
      };
      return ok({ next: { ...current, clientCertificate } });
    },
  );
}

/**
 * Stops presenting a client certificate.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function removeClientCertificate(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return removeWebhookPart(deps, request, 'clientCertificate');
}

/** The client certificate of a webhook, its key opened, as a request presents it; undefined without one. */
export async function openClientCertificate(
  deps: Pick<ServiceDeps, 'secretBox'>,
  webhook: Webhook,
): Promise<{ certificate: string; privateKey: string; ca?: string } | undefined> {
  const stored = webhook.clientCertificate;
  if (!stored) return undefined;
  const privateKey = await deps.secretBox.open({
    sealed: stored.sealedKey,
    webhookId: clientKeySealedFor(webhook.id),
  });
  return { certificate: stored.certificate, privateKey, ...(stored.ca ? { ca: stored.ca } : {}) };
}
