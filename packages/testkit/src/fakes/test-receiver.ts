import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the receiver answers one request. */
export interface ReceiverAnswer {
  readonly status: number;
  readonly delayMs?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** A request the receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 port 0 for delivery tests: answers from a script (then
 * 200), and keeps every request it got.
 */
export async function startReceiver() {
  const script: ReceiverAnswer[] = [];
  const received: Received[] = [];
  let fallback: ReceiverAnswer = { status: 200, body: 'ok' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = script.shift() ?? fallback;
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Queue answers for the next requests. */
    answer: (...answers: ReceiverAnswer[]) => script.push(...answers),
    /** The answer once the script runs out. */
    always: (answer: ReceiverAnswer) => {
      fallback = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
