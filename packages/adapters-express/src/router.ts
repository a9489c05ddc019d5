import type { Service } from '@affiliate-commerce/core';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { restoreSentUrl, routeOddPaths } from './canonical-path';
import { clientWentAway, logClientGone } from './client-gone';
import { expressPath } from './express-path';
import { sendResponse } from './send-response';
import { convertible, toRequest } from './to-request';

/** Options of {@link createExpressRouter}. */
export interface ExpressRouterOptions {
  /** Passed to `express.Router`. */
  readonly caseSensitive?: boolean;
}

/** Express's own failure to percent-decode a route parameter (`/v2/webhooks/%ZZ`). */
function isParamDecodeError(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: number }).status === 400;
}

/**
 * An Express 5 router serving the API. Mount it where you like; it answers only the API's own
 * paths and leaves everything else to the host. Works with or without `express.json()` in front.
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
  const router = Router({ caseSensitive: options.caseSensitive ?? true, strict: false });
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
    const response = await service.handle(request, { remoteAddress: req.socket.remoteAddress });
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
  // wrong method is its 405; other paths (and CONNECT, TRACE, TRACK) are the host's.
  for (const path of new Set(service.routes.map((route) => route.path))) {
    router.all(expressPath(path), (req, res, next) => (convertible(req) ? serve(req, res, next) : next()));
  }
  router.use((req: Request, _res: Response, next: NextFunction) => {
    restoreSentUrl(req);
    next();
  });
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    restoreSentUrl(req);
    // The path is the API's; the kernel reads the escape itself and answers in JSON.
    if (isParamDecodeError(error) && convertible(req)) return serve(req, res, next);
    next(error);
  });
  return router;
}
