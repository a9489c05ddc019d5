import type { DomainError } from '@affiliate-commerce/core';
import type { Result } from 'neverthrow';

/** Seeding is start-up code: a failure there is a bug, so it throws. */
export function unwrap<T>(result: Result<T, DomainError>): T {
  if (result.isErr()) throw new Error(`demo seed failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}
