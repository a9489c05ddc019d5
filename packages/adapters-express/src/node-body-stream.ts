import type { IncomingMessage } from 'node:http';

/**
 * The body of a Node request as a WHATWG stream that reads from the socket only when the kernel
 * asks for more, one chunk at a time. A body nobody reads is never buffered, and cancelling (the
 * kernel stopping at a body limit) pauses the request without destroying the socket, so the 413
 * still reaches the client. A client that goes away mid-body errors the stream instead of
 * leaving its reader waiting.
 *
 * @example
 * new Request(url, { method: 'POST', body: nodeBodyStream(req), duplex: 'half' });
 */
export function nodeBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          stop();
          controller.close();
        };
        const onError = (error: Error) => {
          stop();
          controller.error(error);
        };
        const onClose = () =>
          onError(new Error('The client closed the connection before the body was complete.'));
        stop = () => {
          req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
        };
        req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        stop();
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}
