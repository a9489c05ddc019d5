import type { WebhookEventType } from '../events/event-types';

/** A JSON Schema (draft 2020-12) document or subschema, as plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The name of an event's schema among the `$defs` of `webhookEventJsonSchema` and the
 * `components.schemas` of the OpenAPI document: the event type in PascalCase, then `Event`.
 *
 * @example
 * eventJsonSchemaName('order_created'); // 'OrderCreatedEvent'
 */
export function eventJsonSchemaName(type: WebhookEventType): string {
  return `${type.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase())}Event`;
}
