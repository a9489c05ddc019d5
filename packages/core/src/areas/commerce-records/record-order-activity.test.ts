import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { RecordOrderActivityInput } from './record-order-activity';

const activityEvents = [
  'order_message_received',
  'order_visit_scheduled',
  'order_visit_completed',
  'order_asset_unlocked',
  'order_titration_changed',
  'order_reminder_sent',
  'order_questionnaire_completed',
];

async function setup() {
  const capture = await deliveryCapture(activityEvents);
  await capture.svc.commerce.recordClinicalOrder({
    affiliateId: 'aff_1',
    order: {
      id: 'co_1',
      status: 'in_review',
      patientId: 'pat_1',
      ecommerceOrderId: 'ord_1',
      fields: { case_id: 'cs_1', case_status: 'assigned', clinical_notes: 'private' },
    },
  });
  return capture;
}

const activity = (
  type: RecordOrderActivityInput['activity']['type'],
  id: string,
  fields: Record<string, unknown> = {},
): RecordOrderActivityInput => ({ affiliateId: 'aff_1', orderId: 'co_1', activity: { type, id, fields } });

describe('service.commerce.recordOrderActivity (docs/api.md §6.1 ORDER family)', () => {
  it('6.2 each activity emits its ORDER event with the order, its case and the activity fields', async () => {
    const { svc, sent } = await setup();
    const calls: RecordOrderActivityInput[] = [
      activity('message_received', 'msg_1', { message_type: 'text', patient_conversation_id: 'cnv_1' }),
      activity('visit_scheduled', 'vis_1', { visit_type: 'video', video_requested: true }),
      activity('visit_completed', 'vis_1'),
      activity('asset_unlocked', 'ast_1', { asset_link: 'https://files.example/a' }),
      activity('titration_changed', 'tit_1', { titration_config_id: 'tc_1', titration_direction: 'up' }),
      activity('reminder_sent', 'rem_1', { reminder_type: 'refill' }),
      activity('questionnaire_completed', 'qr_1', { questionnaire_id: 'q_1' }),
    ];
    for (const call of calls) await svc.commerce.recordOrderActivity(call);
    const bodies = await sent();
    expect(bodies.map((b) => b.event_type)).toEqual(activityEvents);
    for (const body of bodies) {
      expect(body).toMatchObject({
        order_id: 'co_1',
        order_status: 'in_review',
        ecommerce_order_id: 'ord_1',
        case_id: 'cs_1',
        case_status: 'assigned',
        patient_id: 'pat_1',
      });
      expect(body).not.toHaveProperty('clinical_notes');
    }
    expect(bodies[0]).toMatchObject({ message_type: 'text', patient_conversation_id: 'cnv_1' });
    expect(bodies[1]).toMatchObject({ visit_id: 'vis_1', visit_type: 'video', video_requested: true });
    expect(bodies[2]).toMatchObject({ visit_id: 'vis_1' });
    expect(bodies[3]).toMatchObject({
      order_asset_id: 'ast_1',
      unlocked_at: '2026-11-23T10:00:00.000Z',
      asset_link: 'https://files.example/a',
    });
    expect(bodies[4]).toMatchObject({ titration_config_id: 'tc_1', titration_direction: 'up' });
    expect(bodies[5]).toMatchObject({ reminder_type: 'refill' });
    expect(bodies[6]).toMatchObject({ questionnaire_id: 'q_1' });
  });

  it('the same activity sent again is the same event, delivered once; another id is another event', async () => {
    const { svc, sent } = await setup();
    const first = await svc.commerce.recordOrderActivity(activity('reminder_sent', 'rem_1'));
    const again = await svc.commerce.recordOrderActivity(activity('reminder_sent', 'rem_1'));
    expect(again.eventId).toBe(first.eventId);
    await svc.commerce.recordOrderActivity(activity('reminder_sent', 'rem_2'));
    expect((await sent()).map((b) => b.event_type)).toEqual(['order_reminder_sent', 'order_reminder_sent']);
  });

  it('404 NOT_FOUND for an order that is not recorded, or is another affiliate’s', async () => {
    const { svc, sent } = await setup();
    await expect(
      svc.commerce.recordOrderActivity({
        ...activity('reminder_sent', 'r'),
        orderId: 'co_9',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      svc.commerce.recordOrderActivity({
        ...activity('reminder_sent', 'r'),
        affiliateId: 'aff_2',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await sent()).toEqual([]);
  });

  it.each([
    ['activity.type', activity('shipped' as 'reminder_sent', 'x')],
    ['activity.id', activity('reminder_sent', '')],
    ['orderId', { ...activity('reminder_sent', 'x'), orderId: '' }],
    [
      'activity',
      { affiliateId: 'aff_1', orderId: 'co_1', activity: { type: 'reminder_sent', id: 'x', at: 1 } },
    ],
  ])('422 INVALID_FIELD names %s', async (field, bad) => {
    const { svc, sent } = await setup();
    await expect(svc.commerce.recordOrderActivity(bad as RecordOrderActivityInput)).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field,
    });
    expect(await sent()).toEqual([]);
  });
});
