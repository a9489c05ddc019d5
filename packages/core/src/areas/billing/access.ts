import type { Role } from '../../ports/auth';

/**
 * Who may change which method is the default: the admins. Agents may add methods (docs/api.md §5.3)
 * and read them, but choosing what the affiliate is charged on is an account decision.
 */
export const billingDefaultChangers: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];
