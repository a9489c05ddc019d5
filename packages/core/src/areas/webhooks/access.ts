import type { Role } from '../../ports/auth';

/** Who reads webhooks: super admins and admins (docs/decisions/webhooks.md). */
export const webhookReaders: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];

/** Who creates, changes, replaces (PUT, docs/api.md §5.3) and deletes webhooks: super admins only. */
export const webhookWriters: readonly Role[] = ['affiliate_super_admin'];
