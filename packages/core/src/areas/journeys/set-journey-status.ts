import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Journey } from '../../storage/journey-store';
import { recordLock } from '../../storage/storage';
import { emitJourneyEvent } from './journey-events';
import { type SetJourneyStatusInput, setJourneyStatusInput } from './journey-input';

/**
 * Records that a journey moved on, as the host's commerce back end reports it. `completed` and
 * `abandoned` stamp `completed_at` / `abandoned_at` the first time (with `at`, default now).
 *
 * @returns 404 NOT_FOUND when the journey does not exist for the affiliate; 422 INVALID_FIELD for
 *   an unknown status
 * @example
 * await service.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId: 'jrn_1', status: 'completed' });
 */
export function setJourneyStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: SetJourneyStatusInput,
): ResultAsync<Journey, DomainError> {
  const input = validate(setJourneyStatusInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, journeyId, status, at } = input.value;
  const now = deps.clock.now();
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const before = await tx.journeys.get({ affiliateId, id: journeyId });
        const journey = await tx.journeys.setStatus({
          affiliateId,
          id: journeyId,
          status,
          at: at ?? now,
          updatedAt: now,
        });
        if (journey && before?.status !== journey.status) {
          const template = await tx.journeys.templateBySlug({ slug: journey.templateSlug });
          // A cart exists once checkout was reached or an order was created from the journey.
          const hadCart =
            Boolean(journey.orderId) ||
            before?.status === 'checkout_started' ||
            status === 'checkout_started';
          await emitJourneyEvent(tx, deps, { journey, template, hadCart });
        }
        return journey;
      },
      { lock: recordLock('journey', affiliateId, journeyId) },
    ),
  ).andThen((journey) => (journey ? okAsync(journey) : errAsync(notFound('journey'))));
}
