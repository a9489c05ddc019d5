import { type EventDelivery, getEvent } from '../api/events-api';
import { apiOptions } from '../args/command-spec';
import { jsonText, terminalText } from '../output/terminal-text';
import type { Command } from './command';
import { plural, table } from './format';

/** `events get`: one event, its payload and its deliveries. */
export const eventsGetCommand: Command = {
  name: 'events get',
  summary: 'Show an event, its deliveries and its payload (GET /v2/events/{id})',
  positionals: ['event_id'],
  options: { ...apiOptions },
  details: 'With --json, one line: {"event":{...},"deliveries":[...]}.',
  examples: [
    'affiliate-commerce events get evt_123',
    'affiliate-commerce events get evt_123 --json | jq .event',
  ],
  async run(context) {
    const { client } = context.api();
    const detail = await getEvent(client, context.positionals.event_id!);
    const { event, deliveries } = detail;
    const human = [
      [event.event_id, event.event_type, event.timestamp ?? ''].map(terminalText).join('  ').trimEnd(),
      '',
      deliveries.length ? 'Deliveries:' : 'Deliveries: none (no webhook subscribed to it)',
      ...table(deliveries.map(deliveryRow)).map((line) => `  ${line}`),
      '',
      'Payload:',
      jsonText(event, 2),
    ];
    context.output.result(human.join('\n'), { ...detail });
    return 0;
  },
};

function deliveryRow(delivery: EventDelivery): string[] {
  const last =
    delivery.lastAttemptAt === undefined
      ? ''
      : `last ${delivery.lastStatusCode ?? 'no answer'} at ${delivery.lastAttemptAt}`;
  const next = delivery.nextAttemptAt === undefined ? '' : `next at ${delivery.nextAttemptAt}`;
  return [
    delivery.webhookId,
    delivery.deliveryId,
    delivery.status,
    plural(delivery.attempts, 'attempt'),
    [last, next].filter(Boolean).join(', '),
  ].map(terminalText);
}
