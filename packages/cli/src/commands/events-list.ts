import { listEvents } from '../api/events-api';
import { apiOptions } from '../args/command-spec';
import { dateOption, integerOption, listOption } from '../args/option-values';
import { UsageError } from '../args/usage-error';
import { terminalText } from '../output/terminal-text';
import { type Command, stringValue } from './command';
import { table } from './format';

const name = 'events list';

/** `events list`: one page of the affiliate's events, newest first. */
export const eventsListCommand: Command = {
  name,
  summary: 'List events, newest first (GET /v2/events)',
  positionals: [],
  options: {
    limit: { type: 'string', value: '<n>', description: 'Events on the page, 1 to 100 (default 25)' },
    types: { type: 'string', value: '<types>', description: 'Only these event types, comma-separated' },
    'created-gte': { type: 'string', value: '<date-time>', description: 'Created at or after, ISO 8601' },
    'created-lt': { type: 'string', value: '<date-time>', description: 'Created before, ISO 8601' },
    webhook: { type: 'string', value: '<id>', description: 'Only the events delivered to this webhook' },
    'starting-after': {
      type: 'string',
      value: '<event_id>',
      description: 'The page of events older than this one',
    },
    'ending-before': {
      type: 'string',
      value: '<event_id>',
      description: 'The page of events newer than this one',
    },
    ...apiOptions,
  },
  details: 'With --json, the page as one line: {"events":[...],"hasMore":false}, each event a v2 envelope.',
  examples: [
    'affiliate-commerce events list --limit 10 --types order_created,journey_completed',
    'affiliate-commerce events list --created-gte 2026-01-01T00:00:00Z --json | jq -r ".events[].event_id"',
  ],
  async run(context) {
    const text = (option: string) => stringValue(context, option);
    const startingAfter = text('starting-after');
    const endingBefore = text('ending-before');
    if (startingAfter !== undefined && endingBefore !== undefined) {
      throw new UsageError(
        '--starting-after and --ending-before page in opposite directions: give one',
        name,
      );
    }
    const limit = text('limit');
    const types = text('types');
    const createdGte = text('created-gte');
    const createdLt = text('created-lt');
    const query = {
      limit: limit === undefined ? undefined : integerOption('limit', limit, 1, 100, name),
      types: types === undefined ? undefined : listOption('types', types, name),
      createdGte: createdGte === undefined ? undefined : dateOption('created-gte', createdGte, name),
      createdLt: createdLt === undefined ? undefined : dateOption('created-lt', createdLt, name),
      webhookId: text('webhook'),
      startingAfter,
      endingBefore,
    };
    const { client } = context.api();
    const page = await listEvents(client, query);
    const { output } = context;
    const rows = page.events.map((event) =>
      [event.timestamp ?? '', event.event_type, event.event_id].map(terminalText),
    );
    output.result(rows.length ? table(rows).join('\n') : 'No events.', { ...page });
    if (page.hasMore && page.events.length > 0) {
      output.note(
        endingBefore === undefined
          ? `More: --starting-after ${page.events.at(-1)!.event_id}`
          : `More: --ending-before ${page.events[0]!.event_id}`,
      );
    }
    return 0;
  },
};
