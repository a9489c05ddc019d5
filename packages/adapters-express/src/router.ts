import type { Service } from '@affiliate-commerce/core';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { expressPath } from './express-path';
import { sendResponse } from './send-response';
import { toRequest } from './to-request';

/** Options of {@link createExpressRouter}. */
export interface ExpressRouterOptions {
  /** Passed to `express.Router`. */
  readonly caseSensitive?: boolean;
}

/**
 * An Express 5 router serving the API. Mount it where you like; it answers only the API's own
 * paths and leaves everything else to the host. Works with or without `express.json()` in front.
 *
 * @example
 * const app = express();
 * app.use('/api', createExpressRouter(service));
 */
export function createExpressRouter(
  service: Pick<Service, 'handle' | 'routes'>,
  options: ExpressRouterOptions = {},
): Router {
  const router = Router({ caseSensitive: options.caseSensitive ?? true, strict: false });
  const serve = async (req: Request, res: Response, next: NextFunction) => {
    try {
      await sendResponse(res, await service.handle(toRequest(req)));
    } catch (error) {
      next(error);
    }
  };
  // Every method on the API's own paths goes to the kernel, so a wrong method is its 405;
  // other paths fall through to the host.
  for (const path of new Set(service.routes.map((route) => route.path))) {
    router.all(expressPath(path), serve);
  }
  return router;
}
