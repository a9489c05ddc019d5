import type { ApiError } from '../api/api-error';
import { type EventEnvelope, listEvents } from '../api/events-api';
import { apiOptions } from '../args/command-spec';
import { listOption, urlOption } from '../args/option-values';
import { UsageError } from '../args/usage-error';
import { followEvents } from '../listen/event-follower';
import { type ForwardOutcome, forwarder } from '../listen/forwarder';
import { sessionSecret } from '../listen/session-secret';
import type { Output } from '../output/output';
import { terminalText } from '../output/terminal-text';
import { type Command, stringValue } from './command';
import { clock, oneLine } from './format';
import { userAgent } from './version';

const name = 'listen';

/** `listen`: follow the events API and forward each new event to a local receiver, signed. */
export const listenCommand: Command = {
  name,
  summary: 'Forward new events to a local URL, signed as real v2 deliveries',
  positionals: [],
  options: {
    'forward-to': {
      type: 'string',
      value: '<url>',
      description: 'Where to POST each event, e.g. http://127.0.0.1:4000/hooks (required)',
    },
    events: {
      type: 'string',
      value: '<types>',
      description: 'Only these event types, comma-separated (e.g. order_created,journey_started)',
    },
    webhook: { type: 'string', value: '<id>', description: 'Only the events delivered to this webhook' },
    ...apiOptions,
  },
  details: [
    'At start it prints a session secret (whsec_..., new on every run). Each event is POSTed with',
    'the body of a v2 delivery (the envelope as JSON) and its headers: Content-Type, X-Webhook-Id,',
    'X-Webhook-Version: v2, X-Webhook-Signature and webhook-id / webhook-timestamp /',
    'webhook-signature, signed with that secret: give it to your receiver as its webhook secret.',
    '',
    'Only events newer than the newest one at start are forwarded, oldest first, each once. It asks',
    'for new events every second (up to every 3 s after a quiet minute). One line per event: time,',
    "type, id, and your receiver's status and latency, or why it could not be reached. A redirect",
    '(3xx) is an answer too, shown with its Location and not followed, as real deliveries do.',
    '',
    'When the API is unreachable it says so once, keeps trying (up to every 5 s) and says when it',
    'is back. When your receiver refuses the connection, the event is tried twice more (after 0.5 s',
    'and 1.5 s, enough for a restart in watch mode), then reported and skipped; while it stays',
    'down, each later event is tried once. Ctrl-C stops at once (exit code 0).',
  ].join('\n'),
  examples: [
    'affiliate-commerce listen --api http://127.0.0.1:3000 --token demo_super_admin --forward-to http://127.0.0.1:4000/hooks',
    'AFFILIATE_COMMERCE_TOKEN=... affiliate-commerce listen --forward-to http://127.0.0.1:4000/hooks --events order_created',
  ],
  async run(context) {
    const forwardText = stringValue(context, 'forward-to');
    if (forwardText === undefined) throw new UsageError('missing --forward-to <url>', name);
    const forwardTo = urlOption('forward-to', forwardText, name);
    const typesText = stringValue(context, 'events');
    const types = typesText === undefined ? undefined : listOption('events', typesText, name);
    const webhookId = stringValue(context, 'webhook');
    const { client, baseUrl } = context.api();
    const { output, signal } = context;

    const secret = sessionSecret();
    const send = forwarder({ url: forwardTo, secret, userAgent, signal });
    printSession(output, { secret, api: baseUrl, forwardTo, types, webhookId });
    await followEvents({
      listEvents: (query) => listEvents(client, query),
      types,
      webhookId,
      signal,
      handlers: {
        ready: (after) =>
          output.result(
            `Listening for new events${after ? ` (after ${terminalText(after)})` : ''}. Ctrl-C to stop.`,
            {
              type: 'listening',
              after: after ?? null,
            },
          ),
        event: async (event) => printForward(output, event, await send(event)),
        apiDown: (error) => printApiDown(output, error),
        apiBack: (downForMs) =>
          output.result(output.style.green(`API back after ${Math.round(downForMs / 1000)} s`), {
            type: 'api_back',
            at: new Date().toISOString(),
            downForMs,
          }),
      },
    });
    return 0;
  },
};

function printSession(
  output: Output,
  session: {
    secret: string;
    api: string;
    forwardTo: string;
    types?: string[] | undefined;
    webhookId?: string | undefined;
  },
): void {
  const only = [
    session.types ? `types ${session.types.map(terminalText).join(', ')}` : '',
    session.webhookId ? `webhook ${terminalText(session.webhookId)}` : '',
  ].filter(Boolean);
  output.result(
    [
      `Session secret: ${output.style.bold(session.secret)}`,
      output.style.dim(
        '  your receiver verifies the forwarded requests with it (both signature schemes); new each run',
      ),
      `Forwarding events from ${terminalText(session.api)} to ${terminalText(session.forwardTo)}${only.length ? ` (only ${only.join('; ')})` : ''}`,
    ].join('\n'),
    {
      type: 'session',
      secret: session.secret,
      api: session.api,
      forwardTo: session.forwardTo,
      types: session.types ?? null,
      webhookId: session.webhookId ?? null,
    },
  );
}

function printForward(output: Output, event: EventEnvelope, outcome: ForwardOutcome): void {
  const at = new Date();
  const { style } = output;
  const tries = outcome.tries > 1 ? ` (tried ${outcome.tries} times)` : '';
  const redirect =
    outcome.location === undefined
      ? ''
      : `  ${style.yellow(`redirect to ${terminalText(outcome.location)} not followed`)}`;
  const result =
    outcome.status === undefined
      ? style.red(`${terminalText(outcome.error)}${tries}`)
      : `${(outcome.status < 300 ? style.green : style.red)(String(outcome.status))}  ${outcome.latencyMs} ms${redirect}${
          outcome.answer ? `  ${style.dim(terminalText(oneLine(outcome.answer)))}` : ''
        }`;
  const type = style.cyan(terminalText(event.event_type));
  output.result(`${clock(at)}  ${type}  ${terminalText(event.event_id)}  → ${result}`, {
    type: 'forward',
    at: at.toISOString(),
    eventId: event.event_id,
    eventType: event.event_type,
    ...outcome,
  });
}

function printApiDown(output: Output, error: ApiError): void {
  output.result(output.style.yellow(`API unreachable (${terminalText(error.describe())}), retrying…`), {
    type: 'api_unreachable',
    at: new Date().toISOString(),
    status: error.status,
    code: error.code,
    message: error.message,
  });
}
