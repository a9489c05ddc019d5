import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { notFound } from '../../base/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { journeyViewSchema, templateViewSchema, toJourneyView, toTemplateView } from './journey-view';
import { startJourney } from './start-journey';
import { viewJourneyTemplate } from './view-template';

// Capture fields are documented but never validated here: junk in them is dropped by the
// attribution parser and must not fail the call (docs/api.md §8.2).
const captureField = (description: string) => z.unknown().optional().describe(description);

const templateViewQuery = z
  .object({
    landing_url: z
      .string()
      .optional()
      .describe('The storefront page (location.href); query-stripped when stored.'),
    referrer_url: z.string().optional().describe('document.referrer; omitted when empty.'),
    campaignId: z.string().optional(),
    attribution: z
      .string()
      .optional()
      .describe(
        'JSON: { "track": "first"|"repeat", "visitorId": "...", "params": { "utm_source": "..." } }.',
      ),
    visitorId: z.string().optional().describe('First-party storefront visitor id; joins views to journeys.'),
    track: z.string().optional().describe('"first" or "repeat".'),
  })
  .loose();

const notCached = { 'Cache-Control': 'no-store' };

/** The storefront routes of docs/api.md §4.9 (public, CORS) and the affiliate's read of a journey. */
export const journeyRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/journeyTemplates/{slug}/frontend',
    operationId: 'viewJourneyTemplate',
    summary:
      'Load a journey template for a storefront and record the attribution capture in the query as a touch of the visitor.',
    tags: ['journeys'],
    access: { kind: 'public' },
    cors: true,
    rateLimit: { bucket: 'storefront-views', per: 'client' },
    allowNul: true,
    params: z.object({ slug: z.string().min(1) }),
    query: templateViewQuery,
    responses: {
      200: {
        description:
          'The template. Invalid or excess attribution parameters, malformed attribution JSON and over-long URLs are dropped silently (docs/api.md §8.2).',
        schema: z.object({ success: z.literal(true), data: templateViewSchema }),
      },
      404: { description: 'No journey template has this slug.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ params, request, deps }) =>
      viewJourneyTemplate(deps, { slug: params.slug, query: new URL(request.url).searchParams }).map(
        (template) => ({
          status: 200,
          body: { success: true, data: toTemplateView(template) },
          headers: notCached,
        }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/journeys',
    operationId: 'startJourney',
    summary: "Create a journey from a storefront; it carries the visitor's touches, joined by visitor id.",
    tags: ['journeys'],
    access: { kind: 'public' },
    cors: true,
    rateLimit: { bucket: 'storefront-journeys', per: 'client' },
    allowNul: true,
    body: z
      .object({
        templateSlug: z.string().min(1).max(200).describe('The slug of the journey template.'),
        landing_url: captureField('The storefront page; query-stripped when stored.'),
        referrer_url: captureField('document.referrer; omitted when empty.'),
        visitorId: captureField('First-party storefront visitor id, as sent with the template view.'),
        attribution: captureField('Object or JSON string: { track, visitorId, params }.'),
        campaignId: captureField('Defaults to the template campaign.'),
      })
      .loose(),
    responses: {
      201: {
        description: 'The journey was created.',
        schema: z.object({ success: z.literal(true), data: z.object({ id: z.string() }) }),
      },
      404: { description: 'No journey template has this slug.', schema: errorEnvelopeSchema },
      422: {
        description: 'templateSlug missing, or the body is not a JSON object.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ body, deps }) =>
      startJourney(deps, { templateSlug: body.templateSlug, body }).map((journey) => ({
        status: 201,
        body: { success: true, data: { id: journey.id } },
        headers: notCached,
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/journeys/{id}',
    operationId: 'getJourney',
    summary: 'Read a journey with its attribution and, once an order exists, its ecommerce_order_id.',
    tags: ['journeys'],
    access: { kind: 'affiliate', roles: allRoles },
    params: z.object({ id: z.string().min(1) }),
    responses: {
      200: {
        description: 'The journey.',
        schema: z.object({ success: z.literal(true), data: journeyViewSchema }),
      },
      404: { description: 'No such journey for this affiliate.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      ResultAsync.fromSafePromise(
        deps.storage.journeys.get({ affiliateId: actor.affiliateId, id: params.id }),
      ).andThen((journey) =>
        journey
          ? okAsync({ status: 200, body: { success: true, data: toJourneyView(journey) } })
          : errAsync(notFound('journey')),
      ),
  }),
];
