import type { Migration } from './migration';

/**
 * Journey templates, the touches of storefront visitors, and journeys (docs/api.md §2.8, §4.9).
 *
 * - Template slugs are the primary key: the public storefront routes know nothing but the slug,
 *   so one slug names one template across all affiliates.
 * - Attribution is `json`, not `jsonb`: it is stored and re-emitted byte for byte as built, with
 *   its keys in the order they were sent (docs/api.md §2.8 rule 6), and never queried inside.
 * - `journey_visitors.touch_count` mirrors `attribution->touch_count` so a touch can be written
 *   as a compare-and-set on it.
 * - A journey's order is not stored here: it is read from `orders.journey_id` (index
 *   `orders_journey`), so it exists exactly when an order names the journey.
 */
export const journeysMigration: Migration = {
  version: 5,
  name: 'journeys',
  sql: `
    create table {s}.journey_templates (
      slug text primary key,
      affiliate_id text not null,
      id text not null,
      template_display_name text not null,
      landing_url text not null,
      journey_type text not null,
      campaign_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (affiliate_id, id)
    );

    create table {s}.journey_visitors (
      affiliate_id text not null,
      visitor_id text not null,
      touch_count integer not null check (touch_count > 0),
      attribution json not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, visitor_id)
    );

    create table {s}.journeys (
      affiliate_id text not null,
      id text not null,
      template_id text not null,
      template_slug text not null,
      visitor_id text,
      campaign_id text,
      attribution json,
      status text not null
        check (status in ('started', 'contact_captured', 'checkout_started', 'completed', 'abandoned')),
      started_at timestamptz not null,
      completed_at timestamptz,
      abandoned_at timestamptz,
      updated_at timestamptz not null,
      primary key (affiliate_id, id)
    );
  `,
};
