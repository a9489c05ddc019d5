import type { Principal } from '@affiliate-commerce/core';

/** Fixed demo-only tokens. Never use a static token table in production. */
export const demoPrincipals: Readonly<Record<string, Principal>> = {
  demo_super_admin: {
    userId: 'usr_demo_super_admin',
    affiliateId: 'aff_demo',
    roles: ['affiliate_super_admin'],
  },
  demo_admin: { userId: 'usr_demo_admin', affiliateId: 'aff_demo', roles: ['affiliate_admin'] },
  demo_agent: { userId: 'usr_demo_agent', affiliateId: 'aff_demo', roles: ['affiliate_agent'] },
  demo_other_super_admin: {
    userId: 'usr_other_super_admin',
    affiliateId: 'aff_other',
    roles: ['affiliate_super_admin'],
  },
  demo_no_affiliate: { userId: 'usr_no_affiliate', roles: ['affiliate_admin'] },
  demo_master: { master: true },
};
