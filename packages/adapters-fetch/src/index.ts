export {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
  type FetchRequestInfo,
} from './fetch-handler';
