import type { Attribution, Journey, JourneyStatus, JourneyTemplate } from '@affiliate-commerce/core';
import type { JourneyStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface TemplateRow {
  slug: string;
  affiliate_id: string;
  id: string;
  template_display_name: string;
  landing_url: string;
  journey_type: string;
  campaign_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface JourneyRow {
  affiliate_id: string;
  id: string;
  template_id: string;
  template_slug: string;
  visitor_id: string | null;
  campaign_id: string | null;
  attribution: Attribution | null;
  status: JourneyStatus;
  started_at: Date;
  completed_at: Date | null;
  abandoned_at: Date | null;
  updated_at: Date;
  order_id: string | null;
}

function toTemplate(row: TemplateRow): JourneyTemplate {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    slug: row.slug,
    templateDisplayName: row.template_display_name,
    landingUrl: row.landing_url,
    journeyType: row.journey_type,
    ...(row.campaign_id === null ? {} : { campaignId: row.campaign_id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toJourney(row: JourneyRow): Journey {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    templateId: row.template_id,
    templateSlug: row.template_slug,
    ...(row.visitor_id === null ? {} : { visitorId: row.visitor_id }),
    ...(row.campaign_id === null ? {} : { campaignId: row.campaign_id }),
    ...(row.attribution === null ? {} : { attribution: row.attribution }),
    status: row.status,
    startedAt: row.started_at,
    ...(row.completed_at === null ? {} : { completedAt: row.completed_at }),
    ...(row.abandoned_at === null ? {} : { abandonedAt: row.abandoned_at }),
    ...(row.order_id === null ? {} : { orderId: row.order_id }),
    updatedAt: row.updated_at,
  };
}

// The order created from a journey: the first that is not a renewal, else the first. "C" keeps
// ties ordered by bytes, as the memory store compares ids.
const orderOfJourney = `(select o.id from {s}.orders o
   where o.affiliate_id = j.affiliate_id and o.journey_id = j.id
   order by o.is_renewal, o.created_at, o.id collate "C" limit 1) as order_id`;

/** The journey store on PostgreSQL. @example postgresJourneyStore(db, 'affiliate_commerce') */
export function postgresJourneyStore(db: Db, schema: string): JourneyStore {
  // The update's WHERE leaves another affiliate's slug untouched, and then no row is returned.
  const saveTemplate = withSchema(
    `insert into {s}.journey_templates as t (slug, affiliate_id, id, template_display_name, landing_url,
       journey_type, campaign_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (slug) do update set template_display_name = excluded.template_display_name,
       landing_url = excluded.landing_url, journey_type = excluded.journey_type,
       campaign_id = excluded.campaign_id, updated_at = excluded.updated_at
     where t.affiliate_id = excluded.affiliate_id
     returning *`,
    schema,
  );
  const templateBySlug = withSchema('select * from {s}.journey_templates where slug = $1', schema);
  const visitor = withSchema(
    'select attribution from {s}.journey_visitors where affiliate_id = $1 and visitor_id = $2',
    schema,
  );
  const insertVisitor = withSchema(
    `insert into {s}.journey_visitors (affiliate_id, visitor_id, touch_count, attribution, updated_at)
     values ($1, $2, $3, $4::json, $5)
     on conflict (affiliate_id, visitor_id) do nothing
     returning 1 as saved`,
    schema,
  );
  const updateVisitor = withSchema(
    `update {s}.journey_visitors set touch_count = $3, attribution = $4::json, updated_at = $5
     where affiliate_id = $1 and visitor_id = $2 and touch_count = $6
     returning 1 as saved`,
    schema,
  );
  const insertJourney = withSchema(
    `insert into {s}.journeys (affiliate_id, id, template_id, template_slug, visitor_id, campaign_id,
       attribution, status, started_at, completed_at, abandoned_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::json, $8, $9, $10, $11, $12)`,
    schema,
  );
  const getJourney = withSchema(
    `select j.*, ${orderOfJourney} from {s}.journeys j where j.affiliate_id = $1 and j.id = $2`,
    schema,
  );
  const setStatus = withSchema(
    `with j as (
       update {s}.journeys set status = $3::text,
         completed_at = case when $3::text = 'completed' then coalesce(completed_at, $4::timestamptz)
           else completed_at end,
         abandoned_at = case when $3::text = 'abandoned' then coalesce(abandoned_at, $4::timestamptz)
           else abandoned_at end,
         updated_at = $5
       where affiliate_id = $1 and id = $2
       returning *)
     select j.*, ${orderOfJourney} from j`,
    schema,
  );
  return {
    async saveTemplate({ template: t }) {
      const { rows } = await db.query<TemplateRow>(saveTemplate, [
        t.slug,
        t.affiliateId,
        t.id,
        t.templateDisplayName,
        t.landingUrl,
        t.journeyType,
        t.campaignId ?? null,
        t.createdAt,
        t.updatedAt,
      ]);
      return rows[0] && toTemplate(rows[0]);
    },
    async templateBySlug({ slug }) {
      const { rows } = await db.query<TemplateRow>(templateBySlug, [slug]);
      return rows[0] && toTemplate(rows[0]);
    },
    async visitorAttribution({ affiliateId, visitorId }) {
      const { rows } = await db.query<{ attribution: Attribution }>(visitor, [affiliateId, visitorId]);
      return rows[0]?.attribution;
    },
    async saveVisitorAttribution({ affiliateId, visitorId, attribution, expectedTouchCount, updatedAt }) {
      const values = [
        affiliateId,
        visitorId,
        attribution.touch_count,
        JSON.stringify(attribution),
        updatedAt,
      ];
      const { rows } =
        expectedTouchCount === 0
          ? await db.query(insertVisitor, values)
          : await db.query(updateVisitor, [...values, expectedTouchCount]);
      return rows.length === 1;
    },
    async insert({ journey: j }) {
      await db.query(insertJourney, [
        j.affiliateId,
        j.id,
        j.templateId,
        j.templateSlug,
        j.visitorId ?? null,
        j.campaignId ?? null,
        j.attribution === undefined ? null : JSON.stringify(j.attribution),
        j.status,
        j.startedAt,
        j.completedAt ?? null,
        j.abandonedAt ?? null,
        j.updatedAt,
      ]);
    },
    async get({ affiliateId, id }) {
      const { rows } = await db.query<JourneyRow>(getJourney, [affiliateId, id]);
      return rows[0] && toJourney(rows[0]);
    },
    async setStatus({ affiliateId, id, status, at, updatedAt }) {
      const { rows } = await db.query<JourneyRow>(setStatus, [affiliateId, id, status, at, updatedAt]);
      return rows[0] && toJourney(rows[0]);
    },
  };
}
