import { randomBytes } from 'node:crypto';

/**
 * A signing secret for one `listen` session, in the form the service issues: `whsec_` and the
 * standard base64 of 33 random bytes, so both signature schemes (and stock Standard Webhooks
 * libraries) accept it.
 */
export function sessionSecret(): string {
  return `whsec_${randomBytes(33).toString('base64')}`;
}
