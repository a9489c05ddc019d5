/** Roles an affiliate user can hold (docs/api.md §5.3). */
export type Role = 'affiliate_super_admin' | 'affiliate_admin' | 'affiliate_agent';

/** Every role, for route tables that accept any affiliate token. */
export const allRoles: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin', 'affiliate_agent'];

/** A user token's principal; `affiliateId` is absent when the token has no affiliate context. */
export interface UserPrincipal {
  readonly userId: string;
  readonly affiliateId?: string;
  readonly roles: readonly Role[];
}

/** The master token's principal: a distinct, cross-affiliate operator identity. */
export interface MasterPrincipal {
  readonly master: true;
}

/** Who is calling. */
export type Principal = UserPrincipal | MasterPrincipal;

/** The auth port: turns a bearer token into a principal, or `undefined` when the token is unknown. */
export interface AuthPort {
  authenticate(input: { token: string }): Promise<Principal | undefined>;
}

/** True for the master principal. */
export function isMaster(principal: Principal): principal is MasterPrincipal {
  return 'master' in principal && principal.master === true;
}
