import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Readable } from 'node:stream';

/** The request as a WHATWG Request (Node 20 has them built in). */
async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

/**
 * Serves a fetch handler on node:http, for Node without a framework (Bun and Deno have
 * `Bun.serve({ fetch: handler })` and `Deno.serve(handler)`).
 *
 * @example
 * serve(createWebhookHandler(options), { port: 3000 });
 */
export function serve(
  handler: (request: Request) => Promise<Response>,
  { port = 3000, hostname = '127.0.0.1' } = {},
): Server {
  const server = createServer(async (req, res) => {
    try {
      const response = await handler(await toRequest(req, `http://${req.headers.host ?? hostname}`));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
  return server.listen(port, hostname);
}
