export {
  createPortalHandler,
  type PortalHandler,
  type PortalHandlerOptions,
  portalCsp,
} from './handler';
export { portalMiddleware } from './node-middleware';
export type { PortalTokenChoice } from './server/page';
