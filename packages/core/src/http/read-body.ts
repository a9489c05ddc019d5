/** What {@link readBodyAtMost} read: the bytes, or why it stopped. */
export type BodyBytes = Uint8Array<ArrayBuffer> | 'too-large' | 'unreadable';

/**
 * Reads a request body chunk by chunk up to `limitBytes`. The moment the body passes the limit
 * the stream is cancelled and nothing more is read, so memory stays within the limit whether or
 * not the client declared a Content-Length. A stream that fails (a client that went away) is
 * `unreadable`.
 */
export async function readBodyAtMost(
  body: ReadableStream<Uint8Array> | null,
  limitBytes: number,
): Promise<BodyBytes> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        // Not awaited: a source slow to cancel must not hold the answer back.
        reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'unreadable';
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
