import type { Migration } from './migration';

/**
 * Webhooks. Ids are globally unique (the master token names a webhook by id alone). Secrets
 * are stored sealed (AES-256-GCM ciphertext, iv and tag, never plaintext) as a JSON list,
 * current first. `payload_version` defaults to v1: rows that predate versions are legacy (docs/api.md
 * §2.1); the service writes v2 for every new webhook.
 */
export const webhooksMigration: Migration = {
  version: 2,
  name: 'webhooks',
  sql: `
    create table {s}.webhooks (
      id text primary key,
      affiliate_id text not null,
      name text not null,
      url text not null,
      authentication boolean not null,
      interests text[] not null default '{}',
      status text not null check (status in ('enabled', 'disabled')),
      payload_version text not null default 'v1' check (payload_version in ('v1', 'v2')),
      secrets jsonb not null default '[]'::jsonb,
      last_health_check jsonb,
      revision integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );

    create index webhooks_by_affiliate on {s}.webhooks (affiliate_id, created_at, id);
  `,
};
