import type { AddressInfo } from 'node:net';
import type { Service } from '@affiliate-commerce/core';
import {
  edgeHttpTable,
  httpContract,
  httpTables,
  type ServedAdapter,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import express, { type Express } from 'express';
import { describe, expect, it } from 'vitest';
import { createExpressRouter } from './router';

async function listen(app: Express): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sends a test request to a real server on port 0. */
function realServer(configure: (app: Express, service: Service, prefix: string) => void) {
  return async (service: Service, prefix: string): Promise<ServedAdapter> => {
    const app = express();
    configure(app, service, prefix);
    const server = await listen(app);
    return {
      send: (request) => {
        const url = new URL(request.url);
        return fetch(`${server.origin}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: 'half',
        } as RequestInit);
      },
      close: server.close,
    };
  };
}

httpContract(
  'express adapter (real server, no body parser)',
  realServer((app, service, prefix) => app.use(prefix, createExpressRouter(service))),
  httpTables,
  { unknownPathsFallThrough: true },
);

httpContract(
  'express adapter (real server, express.json() mounted first)',
  realServer((app, service, prefix) => {
    app.use(express.json());
    app.use(prefix, createExpressRouter(service));
  }),
  httpTables,
  { unknownPathsFallThrough: true, hostParsesJson: true },
);

// The kernel's edge table; run here and by the fetch adapter, not yet part of httpTables.
httpContract(
  'express adapter (real server, no body parser)',
  realServer((app, service, prefix) => app.use(prefix, createExpressRouter(service))),
  [edgeHttpTable],
  { unknownPathsFallThrough: true },
);

httpContract(
  'express adapter (real server, express.json() mounted first)',
  realServer((app, service, prefix) => {
    app.use(express.json());
    app.use(prefix, createExpressRouter(service));
  }),
  [edgeHttpTable],
  { unknownPathsFallThrough: true, hostParsesJson: true },
);

describe('express adapter specifics', () => {
  it('leaves paths outside the API to the host', async () => {
    const service = testService();
    const app = express();
    app.use('/api', createExpressRouter(service));
    app.get('/api/health', (_req, res) => {
      res.json({ host: true });
    });
    const server = await listen(app);
    try {
      const response = await fetch(`${server.origin}/api/health`);
      expect(await response.json()).toEqual({ host: true });
    } finally {
      await server.close();
    }
  });

  it('reuses req.rawBody kept by a parser verify hook', async () => {
    const service = testService();
    await service.affiliates.upsert({ id: 'aff_1', name: 'One' });
    await service.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month', count: 1 },
        nextBillingDate: '2026-12-05T09:30:00Z',
      },
    });
    const app = express();
    app.use(
      express.json({
        verify: (req, _res, buffer) => {
          (req as unknown as { rawBody: Buffer }).rawBody = buffer;
        },
      }),
    );
    app.use(createExpressRouter(service));
    const server = await listen(app);
    try {
      const response = await fetch(
        `${server.origin}/v2/ecommerceSubscriptions/sub_1/actions/setRenewalDate`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${testTokens.admin}`, 'content-type': 'application/json' },
          body: '{"renewalDate":"01-15-2027"}',
        },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { nextBillingDate: '2027-01-15T09:30:00.000Z' } });
    } finally {
      await server.close();
    }
  });

  it('reports a body consumed by another parser with no raw copy as a host error, at once', async () => {
    const service = testService();
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use(createExpressRouter(service));
    const seen: unknown[] = [];
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      seen.push(error);
      res.status(500).json({ host: 'error handler' });
    });
    const server = await listen(app);
    try {
      const response = await fetch(
        `${server.origin}/v2/ecommerceSubscriptions/sub_1/actions/setRenewalDate`,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${testTokens.admin}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'renewalDate=01-15-2027',
        },
      );
      expect(response.status).toBe(500);
      expect(String(seen[0])).toMatch(
        /^TypeError: @affiliate-commerce\/adapters-express: another body parser/,
      );
    } finally {
      await server.close();
    }
  });
});
