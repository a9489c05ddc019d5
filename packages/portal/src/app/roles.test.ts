import { describe, expect, it } from 'vitest';
import { may, parseRoles } from './roles';

describe('what the portal offers a caller (docs/api.md §5.3)', () => {
  const none = new Set<never>();

  it('5.3 with roles known: super admins write, admins read, agents see neither webhooks nor the report', () => {
    expect(may('writeWebhooks', ['affiliate_super_admin'], none)).toBe(true);
    expect(may('writeWebhooks', ['affiliate_admin'], none)).toBe(false);
    expect(may('readWebhooks', ['affiliate_admin'], none)).toBe(true);
    expect(may('readCoupons', ['affiliate_admin'], none)).toBe(true);
    expect(may('readWebhooks', ['affiliate_agent'], none)).toBe(false);
    expect(may('readCoupons', ['affiliate_agent'], none)).toBe(false);
  });

  it('with roles unknown, everything until a 403 refuses it', () => {
    expect(may('writeWebhooks', undefined, none)).toBe(true);
    expect(may('writeWebhooks', undefined, new Set(['writeWebhooks'] as const))).toBe(false);
    expect(may('readWebhooks', undefined, new Set(['writeWebhooks'] as const))).toBe(true);
    // A 403 wins over the roles the host claimed.
    expect(may('readCoupons', ['affiliate_admin'], new Set(['readCoupons'] as const))).toBe(false);
  });

  it('reads the roles attribute, comma or space separated; empty means unknown', () => {
    expect(parseRoles('affiliate_admin, affiliate_agent')).toEqual(['affiliate_admin', 'affiliate_agent']);
    expect(parseRoles('affiliate_admin affiliate_agent')).toEqual(['affiliate_admin', 'affiliate_agent']);
    expect(parseRoles('')).toBeUndefined();
    expect(parseRoles(null)).toBeUndefined();
  });
});
