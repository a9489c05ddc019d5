import { isStandardWebhooksSecret } from '@affiliate-commerce/webhook-verify';
import packageJson from '../../../package.json' with { type: 'json' };
import type { SecretBox } from '../../deps/secret-box';
import { utf8Bytes } from '../../platform/bytes';
import { signatureHeader, signStandard, signV1, signV2 } from '../../rules/events/signing';
import type { PayloadVersion, Webhook } from '../../storage/webhook-store';
import { activeSigningKeys, type KeySignatures } from './signing-keys';
import { signingSecretsOf } from './signing-secrets';

/** The kids of the `v1a` entries of `webhook-signature`, in order, to pick keys from the JWKS document (docs/api.md §5.5). */
export const keyIdHeader = 'X-Webhook-Key-Id';

/** `User-Agent` of every outbound webhook request (docs/api.md §11.1). */
export const webhookUserAgent = `affiliate-commerce-webhooks/${packageJson.version}`;

/**
 * The headers of an outbound webhook request (docs/api.md §11.1): JSON body, `User-Agent`,
 * `X-Webhook-Id` (the event id), `X-Webhook-Version` and, when there is a secret,
 * `X-Webhook-Signature` in the webhook's payload version (v2 `t=..,sha256=..` over `<t>.<body>`,
 * v1 `sha256=..` over the body), one `sha256=` entry per secret, current first. A signed v2
 * request also carries the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) when a secret has the standard format (`isStandardWebhooksSecret` of webhook-verify).
 * A v2 request of a webhook with ed25519 keys (`keySignatures`, docs/api.md §5.5) carries the
 * standard headers too, with one `v1a,<b64>` entry per key after the `v1` ones.
 * The webhook's own headers (`custom`) come first; none of them can be one of these names.
 */
export async function webhookHeaders(input: {
  version: PayloadVersion;
  eventId: string;
  secrets: readonly string[];
  timestamp: number;
  body: string;
  custom?: Readonly<Record<string, string>>;
  keySignatures?: KeySignatures | undefined;
}): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    ...input.custom,
    'Content-Type': 'application/json',
    'User-Agent': webhookUserAgent,
    'X-Webhook-Id': input.eventId,
    'X-Webhook-Version': input.version,
  };
  if (input.version === 'v2' && input.keySignatures) return { ...headers, ...(await signedBoth(input)) };
  if (input.secrets.length === 0) return headers;
  if (input.version === 'v1') return { ...headers, [signatureHeader]: await signV1(input) };
  return { ...headers, [signatureHeader]: await signV2(input), ...(await signStandard(input)) };
}

/** The signature headers of a v2 request with ed25519 keys: the HMAC ones when it has secrets, and `v1a` entries. */
async function signedBoth(input: {
  eventId: string;
  secrets: readonly string[];
  timestamp: number;
  body: string;
  keySignatures?: KeySignatures | undefined;
}): Promise<Record<string, string>> {
  const content = utf8Bytes(`${input.eventId}.${input.timestamp}.${input.body}`);
  const [hmac, standard, asymmetric] = await Promise.all([
    input.secrets.length === 0 ? undefined : signV2(input),
    signStandard(input),
    input.keySignatures?.(content) ?? [],
  ]);
  const entries = [standard?.['webhook-signature'], ...asymmetric.map((key) => `v1a,${key.signature}`)];
  return {
    ...(hmac === undefined ? {} : { [signatureHeader]: hmac }),
    'webhook-id': input.eventId,
    'webhook-timestamp': `${input.timestamp}`,
    'webhook-signature': entries.filter((entry) => entry !== undefined).join(' '),
    [keyIdHeader]: asymmetric.map((key) => key.kid).join(' '),
  };
}

/**
 * Whether the webhook's deliveries carry the Standard Webhooks headers now: it is on v2 and one
 * of the secrets that sign is in the standard format (the rule {@link webhookHeaders} follows).
 * False with authentication off, on v1, and while only a secret issued before signs.
 */
export async function sendsStandardWebhooks(
  webhook: Webhook,
  context: { secretBox: SecretBox; now: Date },
): Promise<boolean> {
  if (webhook.payloadVersion !== 'v2') return false;
  if (activeSigningKeys(webhook, context.now).length > 0) return true;
  // A secret this service cannot open (its secretKey changed) signs nothing: the worker reports
  // it when it tries to sign; reading the webhook must not fail for it.
  const secrets = await signingSecretsOf(webhook, context).catch(() => []);
  return secrets.some(isStandardWebhooksSecret);
}
