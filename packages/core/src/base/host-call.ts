import type { ResultAsync } from 'neverthrow';
import { AffiliateCommerceError, type DomainError } from './errors';

/**
 * A use case's result as a host call returns it: a promise of the value that rejects with an
 * {@link AffiliateCommerceError} when the use case fails. A storage outage rejects with the
 * storage's own `StorageUnavailableError`, an `AffiliateCommerceError` too.
 *
 * @example
 * const order = await settled(recordOrder(deps, input)); // rejects with AffiliateCommerceError
 */
export async function settled<T>(result: ResultAsync<T, DomainError>): Promise<T> {
  const outcome = await result;
  if (outcome.isOk()) return outcome.value;
  throw new AffiliateCommerceError(outcome.error);
}
