import type { PortalHandler } from './handler';

/**
 * Adapts a {@link PortalHandler} to Node's `(req, res, next)`: Express, Connect or a plain
 * `http` server. Paths the portal does not serve go to `next()`, so the API router (or anything
 * else) mounted after it answers them. The URL is read from `originalUrl` when there is one, so
 * `basePath` is the full path whatever prefix the middleware is mounted at.
 *
 * @example
 * app.use(portalMiddleware(createPortalHandler({ basePath: '/portal' })));
 */
export function portalMiddleware(handler: PortalHandler): (
  // What it uses of Node's IncomingMessage and ServerResponse, so that the package's types
  // need no Node type definitions (a fetch-runtime host imports the same entry point).
  req: {
    readonly url?: string | undefined;
    readonly originalUrl?: string | undefined;
    readonly method?: string | undefined;
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  },
  res: {
    writeHead(statusCode: number, headers: Record<string, string>): unknown;
    end(body?: Uint8Array): unknown;
  },
  next: (error?: unknown) => void,
) => void {
  return (req, res, next) => {
    const path = req.originalUrl ?? req.url ?? '/';
    let request: Request;
    try {
      request = new Request(new URL(path, `http://${req.headers.host ?? 'localhost'}`), {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([key, value]) =>
          value === undefined
            ? []
            : [[key, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
        ),
      });
    } catch {
      next();
      return;
    }
    handler(request).then(async (response) => {
      if (!response) {
        next();
        return;
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    }, next);
  };
}
