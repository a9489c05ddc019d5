import type { HandleOptions } from '@affiliate-commerce/core';
import { edgeHttpTable, httpContract, httpTables, testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from './fetch-handler';

const serveFetch = async (service: Parameters<typeof createFetchHandler>[0], prefix: string) => {
  const handler = createFetchHandler(service, { basePath: prefix });
  return { send: (request: Request) => handler(request), close: async () => {} };
};

httpContract('fetch adapter (handler called directly)', serveFetch, httpTables);
// The kernel's edge table; run here and by the Express adapter, not yet part of httpTables.
httpContract('fetch adapter (handler called directly)', serveFetch, [edgeHttpTable]);

describe('fetch adapter specifics', () => {
  // A service that echoes what the handler passed it.
  const handler = createFetchHandler({
    handle: async (_request: Request, options?: HandleOptions) =>
      Response.json({ remoteAddress: options?.remoteAddress ?? null }),
  });
  const whoami = async (info?: unknown) => {
    const response = await (handler as (request: Request, info?: unknown) => Promise<Response>)(
      new Request('http://api.test/whoami'),
      info,
    );
    return response.json();
  };

  it('passes the remoteAddress of its second argument to the kernel', async () => {
    expect(await whoami({ remoteAddress: '203.0.113.7' })).toEqual({ remoteAddress: '203.0.113.7' });
  });

  it('ignores a second argument that is no address (a runtime passing its server or env)', async () => {
    expect(await whoami()).toEqual({ remoteAddress: null });
    expect(await whoami({ remoteAddress: 7 })).toEqual({ remoteAddress: null });
    expect(await whoami({ requestIP: () => null })).toEqual({ remoteAddress: null });
  });

  it('answers a 2 MiB chunked JSON body with 413 and stops reading it', async () => {
    const api = createFetchHandler(testService(), { basePath: '/api' });
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 2 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('http://api.test/api/journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await api(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', field: 'body' } });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(1024 * 1024 + 4 * chunk.byteLength);
  });
});
