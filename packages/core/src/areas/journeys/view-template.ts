import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import { parseTemplateViewQuery, type QueryInput } from '../../rules/attribution/capture-input';
import type { JourneyTemplate } from '../../storage/journey-store';
import { journeySlug } from './journey-input';
import { recordVisitorTouch } from './visitor-touch';

/**
 * A storefront view of a journey template (docs/api.md §4.9, `GET /v2/journeyTemplates/{slug}/frontend`):
 * finds the template by slug and records the capture in the query as a touch of the visitor, on
 * the affiliate that owns the template. The capture never fails the view: junk is dropped, and a
 * capture without a visitor id is not stored (nothing could join it to a journey later).
 *
 * @returns 404 NOT_FOUND when no template has this slug
 * @example
 * await viewJourneyTemplate(deps, { slug: 'start-your-plan', query: new URL(request.url).searchParams });
 */
export function viewJourneyTemplate(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'logger'>,
  input: { slug: string; query: QueryInput },
): ResultAsync<JourneyTemplate, DomainError> {
  // No stored slug can differ from the slug form, and a NUL must not reach storage.
  if (!journeySlug.safeParse(input.slug).success) return errAsync(notFound('journey template'));
  return ResultAsync.fromSafePromise(deps.storage.journeys.templateBySlug({ slug: input.slug })).andThen(
    (template) => {
      if (!template) return errAsync(notFound('journey template'));
      const capture = parseTemplateViewQuery(input.query);
      if (capture.visitorId === undefined) return okAsync(template);
      const touch = recordVisitorTouch(deps.storage.journeys, {
        affiliateId: template.affiliateId,
        visitorId: capture.visitorId,
        capture,
        now: deps.clock.now(),
      });
      return ResultAsync.fromSafePromise(touch).map(() => template);
    },
  );
}
