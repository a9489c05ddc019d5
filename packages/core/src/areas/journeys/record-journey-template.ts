import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { checkNeutralNames, defaultDeniedWords } from '../../rules/attribution/neutral-names';
import type { JourneyTemplate } from '../../storage/journey-store';
import { type RecordJourneyTemplateInput, recordJourneyTemplateInput } from './journey-input';

/**
 * Creates a journey template, or updates the one of the same slug (docs/api.md §4.9). The slug, the
 * display name and the landing URL must be neutral: a name from the deny-list (the service's
 * `deniedNameWords`, else `defaultDeniedWords`) is refused, naming the field and the word.
 *
 * @returns 422 INVALID_FIELD naming the field (`template.slug`, `template.template_display_name`,
 *   `template.landing_url`, ...) when it is invalid or names a drug or condition, or
 *   `template.slug` when another affiliate already uses the slug
 * @example
 * await service.commerce.recordJourneyTemplate({ affiliateId: 'aff_1', template: {
 *   slug: 'start-your-plan', template_display_name: 'Start your plan',
 *   landing_url: 'https://shop.example/start', journey_type: 'ecommerce' } });
 */
export function recordJourneyTemplate(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids' | 'deniedNameWords'>,
  raw: RecordJourneyTemplateInput,
): ResultAsync<JourneyTemplate, DomainError> {
  const input = validate(recordJourneyTemplateInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, template } = input.value;
  const named = checkNeutralNames(
    {
      slug: template.slug,
      template_display_name: template.template_display_name,
      landing_url: template.landing_url,
    },
    deps.deniedNameWords ?? defaultDeniedWords,
  );
  if (named) {
    return errAsync(
      invalidField(`template.${named.field}`, `must be named neutrally; it names "${named.word}"`),
    );
  }
  const now = deps.clock.now();
  const record: JourneyTemplate = {
    id: deps.ids.next({ prefix: 'jtp' }),
    affiliateId,
    slug: template.slug,
    templateDisplayName: template.template_display_name,
    landingUrl: template.landing_url,
    journeyType: template.journey_type,
    ...(template.campaignId === undefined ? {} : { campaignId: template.campaignId }),
    createdAt: now,
    updatedAt: now,
  };
  return ResultAsync.fromSafePromise(deps.storage.journeys.saveTemplate({ template: record })).andThen(
    (saved) =>
      saved
        ? okAsync(saved)
        : errAsync(invalidField('template.slug', 'is already used by another affiliate')),
  );
}
