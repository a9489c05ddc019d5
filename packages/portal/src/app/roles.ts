/** What a page may offer; each maps to the roles docs/api.md §5.3 and the API's routes allow. */
export type Capability = 'readWebhooks' | 'writeWebhooks' | 'readCoupons';

/** The roles of docs/api.md §5.3. */
export type Role = 'affiliate_super_admin' | 'affiliate_admin' | 'affiliate_agent';

const allowed: Readonly<Record<Capability, readonly Role[]>> = {
  // GET /v2/webhooks, deliveries, checkHealth
  readWebhooks: ['affiliate_super_admin', 'affiliate_admin'],
  // create, PUT, status, upgrade, rotateSecret, delete, retry, sendExample, recover
  writeWebhooks: ['affiliate_super_admin'],
  // GET /v2/ecommerceReports/coupons/used-on-orders
  readCoupons: ['affiliate_super_admin', 'affiliate_admin'],
};

/**
 * Whether the caller may use a capability. With the roles known (the `roles` attribute) the
 * answer comes from the table above; without them every capability is assumed until the API
 * answers 403 for it, and refused from then on (`refused` holds those).
 */
export function may(
  capability: Capability,
  roles: readonly string[] | undefined,
  refused: ReadonlySet<Capability>,
): boolean {
  if (refused.has(capability)) return false;
  if (roles === undefined) return true;
  return allowed[capability].some((role) => roles.includes(role));
}

/** Reads the `roles` attribute: a comma- or space-separated list; absent or empty = unknown. */
export function parseRoles(attribute: string | null): readonly string[] | undefined {
  const roles = (attribute ?? '').split(/[\s,]+/).filter(Boolean);
  return roles.length > 0 ? roles : undefined;
}
