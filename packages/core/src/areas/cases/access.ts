import type { Role } from '../../ports/auth';

/** Changing what every agent of the affiliate fills in is configuration: admins only. */
export const caseConfigurers: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];
