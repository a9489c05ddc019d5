import type { Migration } from './migration';

/**
 * How a webhook's receiver checks its deliveries beyond the HMAC secret: the ed25519 keys of its
 * `v1a` signatures (kid, public key, the private key sealed or the host signer's reference to it,
 * created and expiry times, one JSON array like the secrets) and its OAuth client credentials
 * (token URL, client id, scope, the client secret sealed) and its client certificate (PEM
 * certificate and CA, the private key sealed). Null when unused; no default, so
 * adding them rewrites no rows.
 */
export const receiverAuthMigration: Migration = {
  version: 23,
  name: 'receiver-auth',
  sql: `
    alter table {s}.webhooks add column signing_keys jsonb;
    alter table {s}.webhooks add column oauth jsonb;
    alter table {s}.webhooks add column client_certificate jsonb;
  `,
};
