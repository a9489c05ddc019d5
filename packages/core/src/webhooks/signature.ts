import packageJson from '../../package.json' with { type: 'json' };
import { signatureHeader, signV1, signV2 } from '../events/signing';
import type { PayloadVersion } from './webhook-store';

/** `User-Agent` of every outbound webhook request (DESIGN.md). */
export const webhookUserAgent = `affiliate-commerce-webhooks/${packageJson.version}`;

/**
 * The headers of an outbound webhook request (DESIGN.md): JSON body, `User-Agent`,
 * `X-Webhook-Id` (the event id), `X-Webhook-Version` and, when there is a secret,
 * `X-Webhook-Signature` in the webhook's payload version (v2 `t=..,sha256=..` over `<t>.<body>`,
 * v1 `sha256=..` over the body), one `sha256=` entry per secret, current first.
 */
export async function webhookHeaders(input: {
  version: PayloadVersion;
  eventId: string;
  secrets: readonly string[];
  timestamp: number;
  body: string;
}): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': webhookUserAgent,
    'X-Webhook-Id': input.eventId,
    'X-Webhook-Version': input.version,
  };
  if (input.secrets.length > 0)
    headers[signatureHeader] = input.version === 'v2' ? await signV2(input) : await signV1(input);
  return headers;
}
