import type { Role } from '../../ports/auth';

/** Who reads the coupon report: super admins and admins; agents get 403. */
export const couponReportReaders: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];
