import { getEvent } from '../api/events-api';
import { retryDelivery } from '../api/webhooks-api';
import { apiOptions } from '../args/command-spec';
import { UsageError } from '../args/usage-error';
import { terminalText } from '../output/terminal-text';
import { type Command, stringValue } from './command';

const name = 'events resend';

/** `events resend`: send an event's delivery to one webhook again, through the retry route. */
export const eventsResendCommand: Command = {
  name,
  summary: "Send an event to a webhook again: its delivery's retry",
  positionals: ['event_id'],
  options: {
    webhook: { type: 'string', value: '<id>', description: 'The webhook to send it to again (required)' },
    ...apiOptions,
  },
  details: [
    "It finds the event's delivery to that webhook (GET /v2/events/{id}) and makes it due again",
    '(POST /v2/webhooks/{id}/deliveries/{deliveryId}/actions/retry): the same event_id, signed',
    'anew. An event never delivered to that webhook has no delivery to retry: it says so, exit 1.',
  ].join('\n'),
  examples: ['affiliate-commerce events resend evt_123 --webhook whk_456'],
  async run(context) {
    const eventId = context.positionals.event_id!;
    const webhookId = stringValue(context, 'webhook');
    if (webhookId === undefined) throw new UsageError('missing --webhook <id>', name);
    const { client } = context.api();
    const { output } = context;
    const { deliveries } = await getEvent(client, eventId);
    const delivery = deliveries.find((candidate) => candidate.webhookId === webhookId);
    if (delivery === undefined) {
      const others = deliveries.map((other) => other.webhookId);
      output.error(
        `event ${eventId} has no delivery to webhook ${webhookId}: ${
          others.length ? `it went to ${others.join(', ')}` : 'no webhook was sent it'
        }`,
        { code: 'NO_DELIVERY', eventId, webhookId, deliveredTo: others },
      );
      return 1;
    }
    const retried = await retryDelivery(client, webhookId, delivery.deliveryId);
    output.result(
      `Delivery ${terminalText(retried.id)} of ${terminalText(eventId)} to ${terminalText(webhookId)} is due again (${terminalText(retried.status)}); the worker sends it within seconds`,
      { type: 'resent', ...retried },
    );
    return 0;
  },
};
