import type { Role } from '../../ports/auth';

/** Who reads the event log: super admins and admins, as for webhooks and their delivery log. */
export const eventReaders: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];
