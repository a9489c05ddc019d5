import type { Attribution } from '../rules/attribution/touches';

/**
 * A journey template (docs/api.md §4.9): what a storefront renders for a slug. Slugs are unique across
 * all affiliates, because the public storefront endpoints know nothing but the slug
 * (docs/decisions/attribution.md, "Journeys").
 */
export interface JourneyTemplate {
  /** `jtp_...`, kept while the slug keeps its template. */
  readonly id: string;
  readonly affiliateId: string;
  readonly slug: string;
  readonly templateDisplayName: string;
  readonly landingUrl: string;
  readonly journeyType: string;
  readonly campaignId?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Journey statuses, in the order a journey usually moves through them; any may follow any
 * (docs/api.md §3.3). They match the journey events of §6.1.
 */
export const journeyStatuses = [
  'started',
  'contact_captured',
  'checkout_started',
  'completed',
  'abandoned',
] as const;

/** The status of a journey. */
export type JourneyStatus = (typeof journeyStatuses)[number];

/** A journey: one visitor going through one template, with the attribution it started with. */
export interface Journey {
  /** `jrn_...` */
  readonly id: string;
  readonly affiliateId: string;
  readonly templateId: string;
  readonly templateSlug: string;
  readonly visitorId?: string;
  readonly campaignId?: string;
  /** The visitor's touches when the journey was created (docs/api.md §2.8); omitted when nothing was captured. */
  readonly attribution?: Attribution;
  readonly status: JourneyStatus;
  readonly startedAt: Date;
  readonly completedAt?: Date;
  readonly abandonedAt?: Date;
  /**
   * The ecommerce order created from this journey: read from the orders that name this journey
   * (the first one that is not a renewal, else the first), so it exists exactly once an order does.
   */
  readonly orderId?: string;
  readonly updatedAt: Date;
}

/** A journey as written: `orderId` is never written, it is read from the orders. */
export type NewJourney = Omit<Journey, 'orderId'>;

/**
 * Storage of journey templates, visitor touches and journeys. Tenant-scoped reads name the
 * affiliate; `templateBySlug` is the one lookup across tenants, for the public storefront routes.
 *
 * @example
 * const saved = await storage.journeys.saveTemplate({ template });
 * if (!saved) console.log('the slug belongs to another affiliate');
 */
export interface JourneyStore {
  /**
   * Creates the template of a slug, or updates it when the slug is already this affiliate's (the
   * stored id and createdAt are kept). Returns the stored template, or undefined when the slug
   * belongs to another affiliate.
   */
  saveTemplate(input: { template: JourneyTemplate }): Promise<JourneyTemplate | undefined>;
  /** The template of a slug, whichever affiliate owns it. */
  templateBySlug(input: { slug: string }): Promise<JourneyTemplate | undefined>;
  /** The touches of one storefront visitor of one affiliate, or undefined before the first one. */
  visitorAttribution(input: { affiliateId: string; visitorId: string }): Promise<Attribution | undefined>;
  /**
   * Compare-and-set of a visitor's touches: writes `attribution` only if the stored touch count is
   * still `expectedTouchCount` (0 when the visitor has none yet). False when another touch won.
   */
  saveVisitorAttribution(input: {
    affiliateId: string;
    visitorId: string;
    attribution: Attribution;
    expectedTouchCount: number;
    updatedAt: Date;
  }): Promise<boolean>;
  insert(input: { journey: NewJourney }): Promise<void>;
  get(input: { affiliateId: string; id: string }): Promise<Journey | undefined>;
  /**
   * Sets the status; `completed` and `abandoned` also set their timestamp to `at` the first time.
   * Returns the updated journey, or undefined when there is none.
   */
  setStatus(input: {
    affiliateId: string;
    id: string;
    status: JourneyStatus;
    at: Date;
    updatedAt: Date;
  }): Promise<Journey | undefined>;
}
