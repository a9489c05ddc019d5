import { errAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import { parseJourneyBody } from '../../rules/attribution/capture-input';
import { journeyAttribution } from '../../rules/attribution/touches';
import type { Journey, JourneyTemplate, NewJourney } from '../../storage/journey-store';
import type { Storage } from '../../storage/storage';
import { emitJourneyEvent } from './journey-events';
import { journeySlug } from './journey-input';

/**
 * Creates a journey from a storefront (docs/api.md §4.9, `POST /journeys`): the template comes from
 * `templateSlug`, the affiliate from the template, and the attribution from the visitor's stored
 * touches joined by visitor id plus the capture in the body (counted once when it repeats the
 * view's capture; see `journeyAttribution`). The capture never fails the call.
 *
 * @returns 404 NOT_FOUND when no template has this slug
 * @example
 * await startJourney(deps, { templateSlug: 'start-your-plan', body: { visitorId: 'v1', attribution: { params: { gclid: 'g' } } } });
 */
export function startJourney(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  input: { templateSlug: string; body: unknown },
): ResultAsync<Journey, DomainError> {
  // No stored slug can differ from the slug form, and a NUL must not reach storage.
  if (!journeySlug.safeParse(input.templateSlug).success) return errAsync(notFound('journey template'));
  return ResultAsync.fromSafePromise(
    deps.storage.journeys.templateBySlug({ slug: input.templateSlug }),
  ).andThen((template) =>
    template
      ? ResultAsync.fromSafePromise(create(deps, template, input.body))
      : errAsync(notFound('journey template')),
  );
}

async function create(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  template: JourneyTemplate,
  body: unknown,
): Promise<Journey> {
  const capture = parseJourneyBody(body);
  const campaignId = capture.campaignId ?? template.campaignId;
  const id = deps.ids.next({ prefix: 'jrn' });
  // A lost race on the visitor's touches (a concurrent view or journey counted first) rolls the
  // transaction back and starts again from the new count, until it lands.
  for (;;) {
    const now = deps.clock.now();
    const created = await deps.storage.transaction(async (tx: Storage) => {
      const { visitorId } = capture;
      const visitor =
        visitorId === undefined
          ? undefined
          : await tx.journeys.visitorAttribution({ affiliateId: template.affiliateId, visitorId });
      const attribution = journeyAttribution(visitor, capture, { now, visitorId });
      if (visitorId !== undefined && attribution !== undefined && attribution !== visitor) {
        const saved = await tx.journeys.saveVisitorAttribution({
          affiliateId: template.affiliateId,
          visitorId,
          attribution,
          expectedTouchCount: visitor?.touch_count ?? 0,
          updatedAt: now,
        });
        if (!saved) return undefined;
      }
      const journey: NewJourney = {
        id,
        affiliateId: template.affiliateId,
        templateId: template.id,
        templateSlug: template.slug,
        ...(visitorId === undefined ? {} : { visitorId }),
        ...(campaignId === undefined ? {} : { campaignId }),
        ...(attribution === undefined ? {} : { attribution }),
        status: 'started',
        startedAt: now,
        updatedAt: now,
      };
      await tx.journeys.insert({ journey });
      await emitJourneyEvent(tx, deps, { journey, template, hadCart: false });
      return journey;
    });
    if (created) return created;
  }
}
