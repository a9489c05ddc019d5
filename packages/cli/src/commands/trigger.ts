import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../api/api-client';
import { type DeliveryAttempt, recentAttempts, type SentExample, sendExample } from '../api/webhooks-api';
import { apiOptions } from '../args/command-spec';
import { integerOption } from '../args/option-values';
import { UsageError } from '../args/usage-error';
import { terminalText } from '../output/terminal-text';
import { type Command, stringValue } from './command';
import { oneLine } from './format';

const name = 'trigger';

/** How often the delivery log is read while waiting for the example's first attempt. */
const pollMs = 500;

/** `trigger`: send an example event to a webhook and show how its delivery went. */
export const triggerCommand: Command = {
  name,
  summary: "Send a webhook an example of an event type and show the delivery's outcome",
  positionals: ['event_type'],
  options: {
    webhook: { type: 'string', value: '<id>', description: 'The webhook to send it to (required)' },
    timeout: {
      type: 'string',
      value: '<seconds>',
      description: 'How long to wait for the first attempt (default 30, at most 600)',
    },
    ...apiOptions,
  },
  details: [
    'The example goes through the real pipeline (POST /v2/webhooks/{id}/actions/sendExample):',
    'signed, in the webhook\'s payload version, with "example": true and an evt_example_ id. It',
    "then reads the webhook's delivery log until the first attempt appears and prints its status",
    'and latency, or why it failed. Exit code 0 when the receiver answered 2xx; 1 when the attempt',
    'failed (the service retries it on its schedule) or none came within the time limit.',
  ].join('\n'),
  examples: [
    'affiliate-commerce trigger order_created --webhook whk_demo_receiver --token demo_super_admin',
    'affiliate-commerce trigger journey_completed --webhook whk_123 --api https://api.example.com --json',
  ],
  async run(context) {
    const eventType = context.positionals.event_type!;
    const webhookId = stringValue(context, 'webhook');
    if (webhookId === undefined) throw new UsageError('missing --webhook <id>', name);
    const timeoutText = stringValue(context, 'timeout');
    const timeoutS = timeoutText === undefined ? 30 : integerOption('timeout', timeoutText, 1, 600, name);
    const { client } = context.api();
    const { output, signal } = context;

    const sent = await sendExample(client, webhookId, eventType);
    output.result(
      `Sent an example ${terminalText(eventType)} to ${terminalText(webhookId)} (event ${terminalText(sent.eventId)}, delivery ${terminalText(sent.deliveryId)}); waiting for the delivery…`,
      { type: 'sent', eventType, webhookId, ...sent },
    );
    const attempt = await firstAttempt(client, webhookId, sent, Date.now() + timeoutS * 1000, signal);
    const base = { type: 'outcome', eventType, webhookId, ...sent };
    if (attempt === undefined) {
      output.result(
        output.style.yellow(
          `No attempt within ${timeoutS} s: the delivery is still queued (is a worker running?)`,
        ),
        { ...base, outcome: 'pending' },
      );
      return 1;
    }
    const detail = {
      ...(attempt.statusCode === undefined ? {} : { statusCode: attempt.statusCode }),
      latencyMs: attempt.latencyMs,
      ...(attempt.error === undefined ? {} : { error: attempt.error }),
      ...(attempt.responseBody === undefined || attempt.succeeded
        ? {}
        : { responseBody: attempt.responseBody }),
    };
    if (attempt.succeeded) {
      const delivered = `Delivered: ${terminalText(attempt.statusCode)} in ${terminalText(attempt.latencyMs)} ms`;
      output.result(output.style.green(delivered), {
        ...base,
        outcome: 'delivered',
        ...detail,
      });
      return 0;
    }
    const why = terminalText(
      attempt.statusCode === undefined
        ? (attempt.error ?? 'no answer')
        : `${attempt.statusCode} in ${attempt.latencyMs} ms${attempt.responseBody ? `: ${oneLine(attempt.responseBody)}` : ''}`,
    );
    output.result(output.style.red(`Delivery failed: ${why} (the service retries it on its schedule)`), {
      ...base,
      outcome: 'failed',
      ...detail,
    });
    return 1;
  },
};

/** The delivery's first attempt, read from the delivery log until it appears or `deadline` passes. */
async function firstAttempt(
  client: ApiClient,
  webhookId: string,
  sent: SentExample,
  deadline: number,
  signal: AbortSignal,
): Promise<DeliveryAttempt | undefined> {
  for (;;) {
    const attempts = await recentAttempts(client, webhookId);
    const ours = attempts.filter((attempt) => attempt.deliveryId === sent.deliveryId);
    if (ours.length > 0) return ours.reduce((first, next) => (next.attempt < first.attempt ? next : first));
    if (Date.now() + pollMs > deadline) return undefined;
    await sleep(pollMs, undefined, { signal });
  }
}
