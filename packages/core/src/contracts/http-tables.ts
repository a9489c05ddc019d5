import { subscriptionHttpTable } from '../subscriptions/subscriptions.http-table';
import type { HttpTable } from './http-contract';

/** Every HTTP table of the API; each adapter runs all of them. */
export const httpTables: readonly HttpTable[] = [subscriptionHttpTable];
