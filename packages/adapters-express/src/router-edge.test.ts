import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HandleOptions, Logger, RateLimiter, Service } from '@affiliate-commerce/core';
import { testService, testTokens } from '@affiliate-commerce/testkit';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExpressRouter } from './router';

interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
  vi.restoreAllMocks();
});

async function listen(app: Express): Promise<{ host: string; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  servers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { host: '127.0.0.1', port };
}

/** Sends the path exactly as written (`fetch` would resolve `.` segments first). */
function send(
  at: { host: string; port: number },
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { ...at, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The host of the tests: the API under `/api`, a host route beside it, and a JSON fallback. */
function hostApp(service: Pick<Service, 'handle' | 'routes'> & Partial<Pick<Service, 'deps'>>): Express {
  const app = express();
  app.use((req, _res, next) => {
    seenSockets.push(req.socket);
    next();
  });
  app.use('/api', createExpressRouter(service));
  app.get('/api/health', (_req, res) => {
    res.json({ host: 'health' });
  });
  app.use((_req, res) => {
    res.status(404).json({ host: 'fallback' });
  });
  return app;
}
const seenSockets: import('node:net').Socket[] = [];

const auth = { authorization: `Bearer ${testTokens.superAdmin}` };

function expectEnvelope(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: { code } });
  expect(answer.text).not.toMatch(/ at |\/work\/|node_modules|<html|URIError/i);
}

describe('express adapter: malformed percent-escapes in API paths', () => {
  for (const sent of ['%ZZ', '%FF', '%C0%AF']) {
    it(`${sent} in an id is the kernel's JSON: 401 without a token, 404 with one`, async () => {
      const at = await listen(hostApp(testService()));
      expectEnvelope(await send(at, `/api/v2/webhooks/${sent}`), 401, 'UNAUTHORIZED');
      expectEnvelope(await send(at, `/api/v2/webhooks/${sent}`, { headers: auth }), 404, 'NOT_FOUND');
      expectEnvelope(
        await send(at, `/api/v2/webhooks/${sent}/deliveries`, { headers: auth }),
        404,
        'NOT_FOUND',
      );
    });
  }

  it('is JSON too with the router mounted at the root, as the demo does', async () => {
    const app = express();
    app.use(createExpressRouter(testService()));
    const at = await listen(app);
    expectEnvelope(await send(at, '/v2/webhooks/%ZZ', { headers: auth }), 404, 'NOT_FOUND');
  });

  it('leaves a malformed escape outside the API paths to the host', async () => {
    const at = await listen(hostApp(testService()));
    const answer = await send(at, '/api/other/%ZZ');
    expect(JSON.parse(answer.text)).toEqual({ host: 'fallback' });
  });
});

describe('express adapter: paths with dot and empty segments', () => {
  it('serves dot segments resolved, as a fetch runtime does', async () => {
    const at = await listen(hostApp(testService()));
    for (const path of ['/api/v2/./webhooks', '/api/v2/webhooks/../webhooks', '/api/v2/%2e/webhooks']) {
      const answer = await send(at, path, { headers: auth });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers empty segments on API paths with the JSON 404', async () => {
    const at = await listen(hostApp(testService()));
    for (const path of ['/api//v2/webhooks', '/api/v2//webhooks', '/api/v2/webhooks//whk_1']) {
      expectEnvelope(await send(at, path, { headers: auth }), 404, 'NOT_FOUND');
    }
  });

  it('leaves paths that are not the API, or climb out of its mount point, to the host', async () => {
    const at = await listen(hostApp(testService()));
    expect(JSON.parse((await send(at, '/api/health')).text)).toEqual({ host: 'health' });
    expect(JSON.parse((await send(at, '/api/../v2/webhooks', { headers: auth })).text)).toEqual({
      host: 'fallback',
    });
    expect(JSON.parse((await send(at, '/api//nothing/here')).text)).toEqual({ host: 'fallback' });
  });

  it('leaves methods a WHATWG Request cannot carry (TRACE) to the host', async () => {
    const at = await listen(hostApp(testService()));
    const answer = await send(at, '/api/v2/webhooks', { method: 'TRACE' });
    expect(JSON.parse(answer.text)).toEqual({ host: 'fallback' });
  });

  it('never reads the path from the Host header', async () => {
    const at = await listen(hostApp(testService()));
    const answer = await send(at, '/api/v2/webhooks', { headers: { ...auth, host: 'evil.example/x?' } });
    expect(answer.status).toBe(200);
  });
});

describe('express adapter: paths under the API prefixes and outside them', () => {
  const dictionaryHint = (mount: string) =>
    `The route was not found; did you mean ${mount}/webhooks/actions/getDictionary?`;

  it('answers an unknown path under /v2/ or /webhooks/ with the JSON 404, naming the route with its mount point', async () => {
    const at = await listen(hostApp(testService()));
    const hinted = await send(at, '/api/v2/webhooks/actions/getDictionary', { headers: auth });
    expectEnvelope(hinted, 404, 'NOT_FOUND');
    expect(JSON.parse(hinted.text).error.message).toBe(dictionaryHint('/api'));
    for (const path of ['/api/v2/nothing', '/api/webhooks/nothing/at/all', '/api/v2/']) {
      const answer = await send(at, path, { method: 'POST', headers: auth });
      expectEnvelope(answer, 404, 'NOT_FOUND');
      expect(JSON.parse(answer.text).error.message, path).toBe('The route was not found.');
    }
  });

  it('names the route from wherever the router is mounted: the root, a nested router, a trailing slash', async () => {
    const service = testService();
    const app = express();
    app.use('/outer', express.Router().use('/api', createExpressRouter(service)));
    app.use('/slash/', createExpressRouter(service));
    app.use(createExpressRouter(service));
    const at = await listen(app);
    for (const mount of ['', '/outer/api', '/slash']) {
      const answer = await send(at, `${mount}/v2/webhooks/actions/getDictionary`, { headers: auth });
      expectEnvelope(answer, 404, 'NOT_FOUND');
      expect(JSON.parse(answer.text).error.message, mount).toBe(dictionaryHint(mount));
      expect((await send(at, `${mount}/v2/webhooks`, { headers: auth })).status, mount).toBe(200);
    }
  });

  it('hands every path outside the prefixes to the host’s next handler, with its URL as sent', async () => {
    const reached: string[] = [];
    const app = express();
    app.use('/api', createExpressRouter(testService()));
    app.use((req, res) => {
      reached.push(`${req.method} ${req.originalUrl}`);
      res.status(404).json({ host: 'fallback' });
    });
    const at = await listen(app);
    const outside = [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/portal'],
      ['GET', '/api/storefront/start-your-plan?utm_source=x'],
      ['GET', '/api/health'],
      ['GET', '/api/health/other'],
      ['GET', '/api/v2'],
      ['POST', '/api/webhooks'],
      ['GET', '/api/v2x/webhooks'],
      ['GET', '/api/V2/webhooks'],
      ['GET', '/api/v2/../../portal'],
      ['GET', '/api/webhooks/../../portal'],
      ['GET', '/elsewhere/v2/webhooks'],
    ] as const;
    for (const [method, path] of outside) {
      const answer = await send(at, path, { method, headers: auth });
      expect([answer.status, JSON.parse(answer.text)], `${method} ${path}`).toEqual([
        404,
        { host: 'fallback' },
      ]);
    }
    expect(reached).toEqual(outside.map(([method, path]) => `${method} ${path}`));
  });

  it('leaves host routes after a router mounted at the root alone, when they are outside the prefixes', async () => {
    const app = express();
    app.use(createExpressRouter(testService()));
    app.post('/webhooks', (_req, res) => {
      res.json({ host: 'receiver' });
    });
    app.get('/health/host', (_req, res) => {
      res.json({ host: 'health' });
    });
    const at = await listen(app);
    expect(JSON.parse((await send(at, '/webhooks', { method: 'POST' })).text)).toEqual({ host: 'receiver' });
    expect(JSON.parse((await send(at, '/health/host')).text)).toEqual({ host: 'health' });
    expect((await send(at, '/health/live')).status).toBe(200);
  });
});

describe('express adapter: body limits while streaming', () => {
  it('answers a chunked upload past 1 MiB with 413 and stops reading it', async () => {
    seenSockets.length = 0;
    const at = await listen(hostApp(testService()));
    const offered = 64 * 1024 * 1024;
    const answer = await new Promise<RawAnswer & { written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = httpRequest(
        { ...at, path: '/api/journeys', method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          answered = true;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, written }));
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      // No Content-Length: node:http sends the writes chunked.
      const chunk = Buffer.alloc(64 * 1024, 32);
      const pump = () => {
        while (!answered && written < offered) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
    expect(answer.headers.connection).toBe('close');
    expect(answer.written).toBeLessThan(offered);
    // What the server took off the wire stays near the limit, not the upload.
    expect(seenSockets[0]!.bytesRead).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('express adapter: refused before the body is read', () => {
  /** A limiter with nothing left: every rate-limited call is refused before its body is read. */
  const spent: RateLimiter = {
    consume: async () => ({
      allowed: false,
      limit: 60,
      remaining: 0,
      resetAt: new Date('2026-11-23T10:01:00Z'),
      retryAfterSeconds: 60,
    }),
  };
  const post = (at: { host: string; port: number }, agent: Agent, body: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const req = httpRequest(
        {
          ...at,
          agent,
          path: '/api/journeys',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('keeps the connection for 429s whose small bodies have a known length (a large or chunked upload still closes it)', async () => {
    seenSockets.length = 0;
    const at = await listen(hostApp(testService({ rateLimiter: spent })));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = JSON.stringify({ templateSlug: 'start-your-plan', visitorId: 'v_1' });
      for (let i = 0; i < 5; i += 1) {
        const answer = await post(at, agent, body);
        expectEnvelope(answer, 429, 'RATE_LIMITED');
        expect(answer.headers.connection).not.toBe('close');
      }
      expect(new Set(seenSockets).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('express adapter: the connection', () => {
  it('passes req.socket.remoteAddress and the mount point to the kernel', async () => {
    const seen: (HandleOptions | undefined)[] = [];
    const service = testService();
    const app = hostApp({
      routes: service.routes,
      handle: async (request, options) => {
        seen.push(options);
        return service.handle(request, options);
      },
    });
    const at = await listen(app);
    await send(at, '/api/v2/webhooks', { headers: auth });
    expect(seen).toEqual([{ basePath: '/api', remoteAddress: '127.0.0.1', textBodies: true }]);
  });

  it('logs a client that goes away mid-answer once, at debug level, with no stack', async () => {
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } satisfies Logger & {
      debug: unknown;
    };
    const consoleError = vi.spyOn(console, 'error');
    const service = testService({ logger });
    // An answer that sends one chunk, then never ends (a long export).
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('id,amount\n'));
          },
        }),
        { headers: { 'content-type': 'text/csv' } },
      );
    const app = hostApp({ routes: service.routes, deps: service.deps, handle: async () => endless() });
    const at = await listen(app);
    const requests = 5;
    await Promise.all(
      Array.from(
        { length: requests },
        () =>
          new Promise<void>((resolve) => {
            const req = httpRequest({ ...at, path: '/api/v2/webhooks' }, (res) => {
              res.once('data', () => {
                req.destroy();
                resolve();
              });
            });
            req.on('error', () => undefined);
            req.end();
          }),
      ),
    );
    await vi.waitFor(() => expect(logger.debug).toHaveBeenCalledTimes(requests));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logger.debug).toHaveBeenCalledTimes(requests);
    for (const [message, meta] of logger.debug.mock.calls) {
      expect(message).toMatch(/closed the connection/);
      expect(JSON.stringify(meta)).not.toMatch(/stack|Error/);
    }
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
