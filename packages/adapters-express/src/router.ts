import type { Service } from '@affiliate-commerce/core';
import { underApiPrefix } from '@affiliate-commerce/core/http';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { climbsOut, restoreSentUrl, routeOddPaths } from './canonical-path';
import { clientWentAway, logClientGone } from './client-gone';
import { apiPathTest } from './express-path';
import { sendResponse } from './send-response';
import { convertible, mountPath, toRequest } from './to-request';

/** Options of {@link createExpressRouter}. */
export interface ExpressRouterOptions {
  /** Passed to `express.Router`. */
  readonly caseSensitive?: boolean;
}

/**
 * An Express 5 router serving the API. Mount it where you like; it answers the API's own paths
 * and leaves everything else to the host. The API's own paths are its routes and every path
 * under its prefixes, `/v2/` and `/webhooks/` below the mount point: an unknown one is the
 * kernel's JSON 404 (naming the route when the path exists under the other prefix), a known one
 * asked with another method its 405, never Express's HTML 404. A host route under those prefixes
 * goes before the router. Works with or without `express.json()` in front.
 * Every answer on an API path is the kernel's JSON, including malformed percent-escapes and
 * paths with `.`, `..` or empty segments; the kernel sees the client's address as
 * `req.socket.remoteAddress`. A client that closes the connection before its answer is written
 * is logged once at debug level (`service.deps.logger.debug`, when the logger has one).
 *
 * @example
 * const app = express();
 * app.use('/api', createExpressRouter(service));
 */
export function createExpressRouter(
  service: Pick<Service, 'handle' | 'routes'> & Partial<Pick<Service, 'deps'>>,
  options: ExpressRouterOptions = {},
): Router {
  const caseSensitive = options.caseSensitive ?? true;
  const router = Router({ caseSensitive, strict: false });
  const isRoute = apiPathTest(
    service.routes.map((route) => route.path),
    caseSensitive,
  );
  // A path that climbs out of the mount point is the host's, whatever prefix it starts with.
  const isApiPath = (path: string) =>
    isRoute(path) || (underApiPrefix(caseSensitive ? path : path.toLowerCase()) && !climbsOut(path));
  const logger = service.deps?.logger;
  const serve = async (req: Request, res: Response, next: NextFunction) => {
    let request: globalThis.Request;
    try {
      request = toRequest(req);
    } catch (error) {
      // A host misconfiguration (a body parser that kept no raw copy): the host's to fix.
      restoreSentUrl(req);
      next(error);
      return;
    }
    // JSON answers come back as text only: Express writes it at once, no body stream is built.
    const response = await service.handle(request, {
      basePath: mountPath(req),
      remoteAddress: req.socket.remoteAddress,
      textBodies: true,
    });
    try {
      await sendResponse(res, response);
    } catch (error) {
      if (clientWentAway(error)) logClientGone(logger, req);
      else logger?.error('Could not write the answer', { method: req.method, cause: error });
      res.destroy();
    }
  };
  router.use(routeOddPaths);
  // Every method a WHATWG Request can carry goes to the kernel on the API's own paths, so a
  // wrong method is its 405 and an unknown path under its prefixes its 404; other paths (and
  // CONNECT, TRACE, TRACK) are the host's.
  // The kernel reads percent-escapes in parameters itself, so nothing is decoded here.
  router.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) && convertible(req) ? serve(req, res, next) : next(),
  );
  router.use((req: Request, _res: Response, next: NextFunction) => {
    restoreSentUrl(req);
    next();
  });
  router.use((error: unknown, req: Request, _res: Response, next: NextFunction) => {
    restoreSentUrl(req);
    next(error);
  });
  return router;
}
