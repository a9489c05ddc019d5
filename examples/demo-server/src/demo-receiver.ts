import type { PayloadVersion, Service } from '@affiliate-commerce/core';
import { signingSecretsOf } from '@affiliate-commerce/core/http';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import express, { type Router } from 'express';
import { demoPrincipals } from './demo-tokens';

/** Where the demo receives its own webhooks: verified and remembered. */
export const demoReceiverPath = '/demo-receiver';

/** A receiver path that answers every delivery with a 500, so the demo has failures to retry. */
export const demoFailingPath = '/demo-receiver/fail';

/** One delivery the demo receiver got, as `GET /demo-receiver` shows it. */
export interface ReceivedDelivery {
  readonly receivedAt: string;
  readonly path: string;
  /** The status the receiver answered. */
  readonly answered: number;
  /** `X-Webhook-Id`: the event id, the same on every retry. */
  readonly eventId?: string;
  readonly eventType?: string;
  /** `X-Webhook-Version`. */
  readonly payloadVersion?: string;
  /** The signature verified with one of the signing secrets of a webhook pointing here. */
  readonly verified: boolean;
  /** Why it did not verify (a webhook-verify error code, or `unsigned`). */
  readonly problem?: string;
  /** True when the payload says `"example": true` (sent with sendExample). */
  readonly example: boolean;
  readonly payload: unknown;
}

const affiliateIds = [
  ...new Set(
    Object.values(demoPrincipals).flatMap((p) =>
      'affiliateId' in p && p.affiliateId ? [p.affiliateId] : [],
    ),
  ),
];

/** The secrets of every demo webhook whose URL is this receiver's path, on any host. */
async function secretsFor(service: Service, path: string): Promise<Record<PayloadVersion, string[]>> {
  const now = service.deps.clock.now();
  const lists = await Promise.all(
    affiliateIds.map((affiliateId) => service.deps.storage.webhooks.list({ affiliateId })),
  );
  const byVersion: Record<PayloadVersion, string[]> = { v1: [], v2: [] };
  for (const webhook of lists.flat()) {
    if (!(URL.canParse(webhook.url) && new URL(webhook.url).pathname === path)) continue;
    const secrets = await signingSecretsOf(webhook, { secretBox: service.deps.secretBox, now });
    byVersion[webhook.payloadVersion].push(...secrets);
  }
  return byVersion;
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return body.toString('utf8');
  }
}

/** As webhook-verify's README answers: 401 for a signature or time that does not hold, 400 otherwise. */
const refusal = (code: string) =>
  code === 'NO_MATCHING_SIGNATURE' || code.startsWith('TIMESTAMP_') ? 401 : 400;

/**
 * Checks the signature as the payload version of the saved webhooks says, never as a header of the
 * request does: first as v2 with the secrets of the v2 webhooks pointing here, then as v1 with those
 * of the v1 ones. The version that held, or the first problem.
 */
function verify(
  body: Buffer,
  signature: string | undefined,
  secrets: Record<PayloadVersion, string[]>,
): { version: PayloadVersion; problem?: string } {
  if (!signature) return { version: 'v2', problem: 'unsigned' };
  const versions = (['v2', 'v1'] as const).filter((version) => secrets[version].length > 0);
  if (versions.length === 0) return { version: 'v2', problem: 'no_secret' };
  let first: { version: PayloadVersion; problem: string } | undefined;
  for (const version of versions) {
    const options = { payload: body, signature, secrets: secrets[version], throwOnError: false } as const;
    const result = version === 'v1' ? verifyWebhook({ ...options, version: 'v1' }) : verifyWebhook(options);
    if (result.ok) return { version };
    first ??= { version, problem: result.error.code };
  }
  return first!;
}

/**
 * The demo's own webhook receiver, on the demo server itself: `POST /demo-receiver` verifies each
 * delivery with `@affiliate-commerce/webhook-verify` (the secrets of the demo webhooks pointing
 * there) and answers 204, or 401 (400 for a malformed header) when the signature does not hold; `POST /demo-receiver/fail`
 * answers 500 to everything; `GET /demo-receiver` lists the last `keep` deliveries, newest first.
 * Demo only: it reads signing secrets straight from storage, which a real receiver never can.
 *
 * @example
 * app.use(demoReceiver(service));
 */
export function demoReceiver(service: Service, options: { keep?: number } = {}): Router {
  const keep = options.keep ?? 20;
  const received: ReceivedDelivery[] = [];
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: '1mb' });

  const receive = (failing: boolean) => async (request: express.Request, response: express.Response) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const path = failing ? demoFailingPath : demoReceiverPath;
    const { version, problem } = verify(
      body,
      request.get('x-webhook-signature'),
      await secretsFor(service, path),
    );
    const payload = parsed(body);
    const answered = failing ? 500 : problem && problem !== 'unsigned' ? refusal(problem) : 204;
    const eventId = request.get('x-webhook-id');
    const eventType =
      payload && typeof payload === 'object' && 'event_type' in payload
        ? String(payload.event_type)
        : undefined;
    received.unshift({
      receivedAt: new Date().toISOString(),
      path,
      answered,
      ...(eventId ? { eventId } : {}),
      ...(eventType ? { eventType } : {}),
      payloadVersion: version,
      verified: problem === undefined,
      ...(problem ? { problem } : {}),
      example: Boolean(
        payload && typeof payload === 'object' && 'example' in payload && payload.example === true,
      ),
      payload,
    });
    received.length = Math.min(received.length, keep);
    if (failing) response.status(500).json({ error: 'the demo receiver fails this path on purpose' });
    else if (answered !== 204) response.status(answered).json({ error: problem });
    else response.status(204).end();
  };

  router.post(demoReceiverPath, raw, receive(false));
  router.post(demoFailingPath, raw, receive(true));
  router.get(demoReceiverPath, (_request, response) => {
    response.json({ received });
  });
  return router;
}
