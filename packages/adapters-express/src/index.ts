export { createExpressRouter, type ExpressRouterOptions } from './router';
