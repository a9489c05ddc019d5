import type { AuthPort, Principal } from './auth';

/**
 * An auth port backed by a fixed table of tokens: for tests and demos, never for production.
 *
 * @example
 * staticTokenAuth({ tok_admin: { userId: 'u1', affiliateId: 'aff_1', roles: ['affiliate_admin'] }, tok_master: { master: true } })
 */
export function staticTokenAuth(tokens: Readonly<Record<string, Principal>>): AuthPort {
  const table = new Map(Object.entries(tokens));
  return { authenticate: async ({ token }) => table.get(token) };
}
