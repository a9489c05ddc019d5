import { describe, expect, it } from 'vitest';
import type { Order } from '../../storage/order-store';
import {
  orderVariableNames,
  orderVariables,
  resolveVariables,
  withoutOrderVariables,
} from './order-variables';

const order: Order = {
  id: 'ord_1',
  affiliateId: 'aff_1',
  status: 'paid',
  createdAt: new Date('2026-11-20T08:00:00.000Z'),
  updatedAt: new Date('2026-11-20T08:00:00.000Z'),
  patientId: 'pat_1',
  journeyId: 'jrn_1',
  isRenewal: false,
  totalCents: 8_500,
  currency: 'USD',
  products: [],
};

describe('4.8 order and patient variables in field defaults', () => {
  it('gives every documented variable a value', () => {
    const values = orderVariables({
      affiliateId: 'aff_1',
      order,
      patient: { id: 'pat_1', externalId: 'ext-77' },
    });
    expect(Object.keys(values).sort()).toEqual([...orderVariableNames].sort());
    expect(values).toEqual({
      'affiliate.id': 'aff_1',
      'order.id': 'ord_1',
      'order.status': 'paid',
      'order.createdAt': '2026-11-20T08:00:00.000Z',
      'order.totalCents': '8500',
      'order.currency': 'USD',
      'order.journeyId': 'jrn_1',
      'order.subscriptionId': '',
      'order.isRenewal': 'false',
      'patient.id': 'pat_1',
      'patient.externalId': 'ext-77',
    });
  });

  it('an order with no patient leaves the patient variables empty', () => {
    const { patientId: _patientId, ...anonymous } = order;
    const values = orderVariables({ affiliateId: 'aff_1', order: anonymous });
    expect([values['patient.id'], values['patient.externalId']]).toEqual(['', '']);
  });

  it('resolves {{name}} with or without inner spaces, and leaves unknown names as written', () => {
    const values = orderVariables({ affiliateId: 'aff_1', order });
    expect(resolveVariables('Order {{order.id}} ({{ order.totalCents }} {{order.currency}})', values)).toBe(
      'Order ord_1 (8500 USD)',
    );
    expect(resolveVariables('{{order.colour}} {{ nope }} {order.id} {{order.id', values)).toBe(
      '{{order.colour}} {{ nope }} {order.id} {{order.id',
    );
    expect(resolveVariables('{{__proto__}} {{constructor}}', values)).toBe('{{__proto__}} {{constructor}}');
  });

  it('create-ticket refuses a default that uses an order variable, and keeps any other text', () => {
    expect(withoutOrderVariables('Order {{ order.id }}')).toBeUndefined();
    expect(withoutOrderVariables('{{patient.externalId}}')).toBeUndefined();
    expect(withoutOrderVariables('Plain text {{not.a.variable}}')).toBe('Plain text {{not.a.variable}}');
  });
});
