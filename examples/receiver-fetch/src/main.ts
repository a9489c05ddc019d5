import { memoryDedupeStore } from './dedupe-store';
import { createWebhookHandler } from './handler';
import { serve } from './serve';

const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_SECRET_PREVIOUS].filter(
  (s): s is string => !!s,
);
if (secrets.length === 0)
  throw new Error('set WEBHOOK_SECRET (and WEBHOOK_SECRET_PREVIOUS during a rotation)');

const port = Number(process.env.PORT || 4001);
const handler = createWebhookHandler({
  secrets,
  store: memoryDedupeStore(),
  async onEvent(event) {
    console.log(event.event_type, event.event_id);
  },
});
const server = serve(handler, { port }).on('listening', () =>
  console.log(`receiving webhooks on http://127.0.0.1:${port}/`),
);

// SIGTERM (a process manager, a container stop) or Ctrl-C: stop taking deliveries, let those in
// flight be answered, then exit. An unanswered delivery is retried by the sender.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3_000).unref();
  });
}
