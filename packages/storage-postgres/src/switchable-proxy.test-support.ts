import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test server that a test can cut: `down()` resets every connection
 * through it and refuses new ones (what a client sees of a stopped server), `up()` lets them in
 * again on the same port. The shared server itself is never touched.
 */
export interface SwitchableProxy {
  /** `postgres://…` through the proxy, for the target's database and user. */
  readonly url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

export async function switchableProxy(
  targetUrl: string,
  options: { up?: boolean } = {},
): Promise<SwitchableProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset connection errors on both sides; the side the test cares about is the client's.
    socket.on('error', () => undefined);
  };
  const makeServer = () =>
    createServer((client) => {
      track(client);
      const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server: Server | undefined = makeServer();
  // Reserve a port, then keep it for every `up()`.
  const port = await listen(server, 0);
  if (options.up === false) {
    const closing = server;
    server = undefined;
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const proxy: SwitchableProxy = {
    url: url.toString(),
    async down() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.resetAndDestroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async up() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    close: () => proxy.down(),
  };
  return proxy;
}
