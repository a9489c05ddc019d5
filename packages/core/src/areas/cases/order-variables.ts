import type { Order } from '../../storage/order-store';

/**
 * The variables field defaults of POST /v2/cases may use, each as `{{name}}`. Values are text;
 * a variable whose value the order does not have (no patient, no journey) becomes empty text.
 * Only identifiers and commercial facts: no patient names, contact details or health data ever
 * reach the case system through a default.
 */
export const orderVariableNames = [
  'affiliate.id',
  'order.id',
  'order.status',
  'order.createdAt',
  'order.totalCents',
  'order.currency',
  'order.journeyId',
  'order.subscriptionId',
  'order.isRenewal',
  'patient.id',
  'patient.externalId',
] as const;

/**
 * The name of one order variable.
 *
 * @example
 * const name: OrderVariableName = 'order.id';
 */
export type OrderVariableName = (typeof orderVariableNames)[number];

/** The values of {@link orderVariableNames} for one order, its patient and affiliate. */
export function orderVariables(input: {
  affiliateId: string;
  order: Order;
  patient?: { readonly id: string; readonly externalId?: string };
}): Readonly<Record<OrderVariableName, string>> {
  const { order, patient } = input;
  return {
    'affiliate.id': input.affiliateId,
    'order.id': order.id,
    'order.status': order.status,
    'order.createdAt': order.createdAt.toISOString(),
    'order.totalCents': String(order.totalCents),
    'order.currency': order.currency,
    'order.journeyId': order.journeyId ?? '',
    'order.subscriptionId': order.subscriptionId ?? '',
    'order.isRenewal': String(order.isRenewal),
    'patient.id': patient?.id ?? order.patientId ?? '',
    'patient.externalId': patient?.externalId ?? '',
  };
}

const variable = /\{\{\s*([A-Za-z]+(?:\.[A-Za-z]+)*)\s*\}\}/g;

/**
 * Replaces `{{name}}` (spaces inside the braces allowed) by its value. Names that are not
 * variables are left as written, so literal braces in a default survive.
 */
export function resolveVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(variable, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

const known = new Set<string>(orderVariableNames);

/**
 * Keeps a default's text for create-ticket, which has no order: a text using an order variable
 * is refused (undefined), so `{{order.id}}` never reaches the case system unresolved.
 */
export function withoutOrderVariables(text: string): string | undefined {
  for (const match of text.matchAll(variable)) if (known.has(match[1]!)) return undefined;
  return text;
}
