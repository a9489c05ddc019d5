import packageJson from '../../package.json' with { type: 'json' };
import { signatureHeader, signV1, signV2 } from '../events/signing';
import type { PayloadVersion } from './webhook-store';

/**
 * `User-Agent` of every outbound webhook request (DESIGN.md).
 *
 * @example
 * headers['User-Agent'] = webhookUserAgent; // 'affiliate-commerce-webhooks/0.1.0'
 */
export const webhookUserAgent = `affiliate-commerce-webhooks/${packageJson.version}`;

/**
 * The headers of an outbound webhook request (DESIGN.md): JSON body, `User-Agent`,
 * `X-Webhook-Id` (the event id), `X-Webhook-Version` and, when there is a secret,
 * `X-Webhook-Signature` in the webhook's payload version (v2 `t=..,sha256=..` over `<t>.<body>`,
 * v1 `sha256=..` over the body), one `sha256=` entry per secret, current first.
 *
 * @example
 * webhookHeaders({ version: 'v2', eventId: 'evt_1', secrets: ['whsec_...'], timestamp: 1767225600, body: '{}' })
 */
export function webhookHeaders(input: {
  version: PayloadVersion;
  eventId: string;
  secrets: readonly string[];
  timestamp: number;
  body: string;
}): Record<string, string> {
  const signed = input.secrets.length > 0;
  return {
    'Content-Type': 'application/json',
    'User-Agent': webhookUserAgent,
    'X-Webhook-Id': input.eventId,
    'X-Webhook-Version': input.version,
    ...(signed ? { [signatureHeader]: input.version === 'v2' ? signV2(input) : signV1(input) } : {}),
  };
}
