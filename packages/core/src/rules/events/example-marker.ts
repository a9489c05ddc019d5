/**
 * How an example event is told apart from a real one (docs/decisions/webhooks.md, "Example
 * events"): its id starts with `evt_example_`, and every payload built from it says
 * `"example": true`. Real event ids do not take that form: random ones are `evt_` and base-36
 * characters (no underscore); a derived one (`evt_` and 26 base64url characters) only by a
 * 1 in 2^48 chance.
 */

/** The id prefix of example events. */
export const exampleEventIdPrefix = 'evt_example_';

/** True for the id of an example event. */
export function isExampleEventId(eventId: string): boolean {
  return eventId.startsWith(exampleEventIdPrefix);
}
