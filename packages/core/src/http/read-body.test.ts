import { describe, expect, it } from 'vitest';
import { maxJsonBodyBytes, readJsonBody } from './input';
import { readBodyAtMost } from './read-body';

/** A body of `total` bytes in 64 KiB chunks that records how much was pulled and whether it was cancelled. */
function countedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(32);
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    // Pulls only when read, so `pulled` counts what the reader asked for.
    { highWaterMark: 0 },
  );
  return { body, seen, chunkBytes: chunk.byteLength };
}

describe('readBodyAtMost', () => {
  it('reads a body within the limit whole', async () => {
    const { body, seen } = countedBody(256 * 1024);
    const bytes = await readBodyAtMost(body, 1024 * 1024);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect((bytes as Uint8Array).byteLength).toBe(256 * 1024);
    expect(seen.cancelled).toBe(false);
  });

  it('stops at the limit and cancels the stream', async () => {
    const { body, seen, chunkBytes } = countedBody(64 * 1024 * 1024);
    expect(await readBodyAtMost(body, 1024 * 1024)).toBe('too-large');
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(1024 * 1024 + 2 * chunkBytes);
  });

  it('reports a stream that fails as unreadable', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('reset'));
      },
    });
    expect(await readBodyAtMost(body, 10)).toBe('unreadable');
  });

  it('reads no body as empty', async () => {
    expect(await readBodyAtMost(null, 10)).toEqual(new Uint8Array(0));
  });
});

describe('readJsonBody', () => {
  it('answers a 2 MiB body with no Content-Length with 413 and cancels the stream', async () => {
    const { body, seen, chunkBytes } = countedBody(2 * 1024 * 1024);
    const request = new Request('http://api.test/journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const result = await readJsonBody(request);
    expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body' });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(maxJsonBodyBytes + 2 * chunkBytes);
  });

  it('answers a declared Content-Length over the limit before reading anything', async () => {
    const { body, seen } = countedBody(1024);
    const request = new Request('http://api.test/x', {
      method: 'POST',
      headers: { 'content-length': '2048' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect((await readJsonBody(request, { limitBytes: 1024 }))._unsafeUnwrapErr().code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(seen.pulled).toBe(0);
  });

  it('reads a body whose length is declared whole, without building its stream', async () => {
    const request = new Request('http://api.test/x', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': '28' },
      body: '{"renewalDate":"12-01-2027"}',
    });
    // A server's lighter Request (as @hono/node-server's) builds a stream only when `body` is read.
    const streamless = new Proxy(request, {
      get(target, key) {
        if (key === 'body') throw new Error('the stream was built');
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect((await readJsonBody(streamless))._unsafeUnwrap()).toEqual({ renewalDate: '12-01-2027' });
    // A declared length that understates the body still meets the limit once read.
    const understated = new Request('http://api.test/x', {
      method: 'POST',
      headers: { 'content-length': '4' },
      body: JSON.stringify('x'.repeat(64)),
    });
    expect((await readJsonBody(understated, { limitBytes: 16 }))._unsafeUnwrapErr().code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('takes a route limit', async () => {
    const request = (text: string) =>
      new Request('http://api.test/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
    expect((await readJsonBody(request('"12345678"'), { limitBytes: 10 }))._unsafeUnwrap()).toBe('12345678');
    expect((await readJsonBody(request('"123456789"'), { limitBytes: 10 }))._unsafeUnwrapErr()).toMatchObject(
      {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'body is larger than the limit of 10 bytes.',
      },
    );
  });
});
