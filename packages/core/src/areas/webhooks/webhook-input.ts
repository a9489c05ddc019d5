import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, invalidField } from '../../base/errors';
import { checkPort, checkUrl, type OutboundPolicy } from '../../ports/net/guarded-request';
import { eventDefinition } from '../../rules/events/event-dictionary';

/** Longest webhook name, in characters after trimming. */
export const maxNameLength = 100;
/** Longest webhook URL. */
export const maxUrlLength = 2048;

/** A webhook's label: trimmed, 1 to 100 characters. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(maxNameLength, `must be at most ${maxNameLength} characters`);

/** A URL as sent; {@link validateWebhookUrl} then checks scheme and host against the policy. */
export const urlSchema = z.string().max(maxUrlLength, `must be at most ${maxUrlLength} characters`);

/** Path parameters of `/v2/webhooks/{id}/...`. */
export const idParams = z.object({ id: z.string().min(1).max(200) });

/** Event names as sent; {@link validateInterests} then checks each against the dictionary. */
export const interestsSchema = z.array(z.string()).max(500, 'must list at most 500 events');

/**
 * Checks a webhook URL (docs/api.md §2.1, §12.1): absolute, `https:` (plain `http:` only when the
 * host allows private networks), no credentials, on port 443 or one of the host's
 * `allowedPorts` (any port when private networks are allowed), and not an IP literal or name
 * that can never be delivered to (loopback, private, link-local, metadata, ...). Names are
 * resolved only when a request is sent, since DNS answers change.
 *
 * @returns 422 INVALID_FIELD naming `field` when the URL is refused
 */
export function validateWebhookUrl(
  url: string,
  policy: OutboundPolicy,
  field = 'url',
): Result<string, DomainError> {
  const checked = checkUrl(url, policy);
  if (!checked.ok) return err(invalidField(field, `is refused: ${checked.message}`));
  const port = checkPort(checked.url, policy);
  if (port) return err(invalidField(field, `is refused: ${port.message}`));
  return ok(checked.url.href);
}

/**
 * De-duplicates subscribed events (first occurrence wins, order kept) and refuses any that is
 * unknown, internal or not implemented (docs/api.md §6.1), naming the event.
 *
 * @returns 422 INVALID_FIELD on `webhookInterests`
 */
export function validateInterests(names: readonly string[]): Result<string[], DomainError> {
  const unique = [...new Set(names)];
  for (const name of unique) {
    const event = eventDefinition(name);
    if (!event) return err(invalidField('webhookInterests', `contains '${name}', which is not an event`));
    if (event.visibility === 'internal') {
      return err(
        invalidField(
          'webhookInterests',
          `contains '${name}', an internal event that cannot be subscribed to`,
        ),
      );
    }
    if (!event.implemented) {
      return err(
        invalidField(
          'webhookInterests',
          `contains '${name}', which is not implemented yet and cannot be subscribed to`,
        ),
      );
    }
  }
  return ok(unique);
}
