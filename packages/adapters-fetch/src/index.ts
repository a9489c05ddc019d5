export { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from './fetch-handler';
