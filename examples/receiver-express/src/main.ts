import { createApp } from './app';
import { memoryDedupeStore } from './dedupe-store';

const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_SECRET_PREVIOUS].filter(
  (s): s is string => !!s,
);
if (secrets.length === 0)
  throw new Error('set WEBHOOK_SECRET (and WEBHOOK_SECRET_PREVIOUS during a rotation)');

const port = Number(process.env.PORT || 4000);
createApp({
  secrets,
  store: memoryDedupeStore(),
  async onEvent(event) {
    console.log(event.event_type, event.event_id);
  },
}).listen(port, () => console.log(`receiving webhooks on http://localhost:${port}/webhooks`));
