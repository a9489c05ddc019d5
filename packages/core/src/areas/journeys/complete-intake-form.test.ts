import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { CompleteIntakeFormInput } from './complete-intake-form';

async function setup() {
  const capture = await deliveryCapture(['custom_intake_form_completed']);
  const { svc } = capture;
  await svc.commerce.recordJourneyTemplate({
    affiliateId: 'aff_1',
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://shop.example/start',
      journey_type: 'ecommerce',
    },
  });
  const started = await svc.handle(
    new Request('http://api.test/journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: 'start-your-plan' }),
    }),
  );
  const journeyId = ((await started.json()) as { data: { id: string } }).data.id;
  return { ...capture, journeyId };
}

describe('service.commerce.completeIntakeForm', () => {
  it('6.2 JOURNEY: custom_intake_form_completed with the form ids, the template and, once it exists, the order', async () => {
    const { svc, sent, journeyId } = await setup();
    const input: CompleteIntakeFormInput = {
      affiliateId: 'aff_1',
      journeyId,
      intakeFormId: 'ifm_1',
      intakeFormInstanceId: 'ifi_1',
    };
    await svc.commerce.completeIntakeForm(input);
    await svc.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: { id: 'ord_1', journeyId, patientId: 'pat_1', totalCents: 100 },
    });
    await svc.commerce.completeIntakeForm({ ...input, intakeFormInstanceId: 'ifi_2' });
    await svc.commerce.completeIntakeForm({ ...input, intakeFormInstanceId: 'ifi_2' });
    const [first, second, ...rest] = await sent();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      event_type: 'custom_intake_form_completed',
      journey_id: journeyId,
      template_id: expect.any(String),
      template_display_name: 'Start your plan',
      journey_type: 'ecommerce',
      intake_form_id: 'ifm_1',
      intake_form_instance_id: 'ifi_1',
    });
    expect(first).not.toHaveProperty('ecommerce_order_id');
    expect(second).toMatchObject({
      intake_form_instance_id: 'ifi_2',
      ecommerce_order_id: 'ord_1',
      patient_id: 'pat_1',
    });
  });

  it('404 NOT_FOUND for a missing journey or another affiliate’s', async () => {
    const { svc, sent, journeyId } = await setup();
    const input = { affiliateId: 'aff_2', journeyId, intakeFormId: 'ifm_1', intakeFormInstanceId: 'ifi_1' };
    await expect(svc.commerce.completeIntakeForm(input)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      svc.commerce.completeIntakeForm({ ...input, affiliateId: 'aff_1', journeyId: 'jrn_9' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await sent()).toEqual([]);
  });

  it.each(['journeyId', 'intakeFormId', 'intakeFormInstanceId'])(
    '422 INVALID_FIELD names %s',
    async (field) => {
      const { svc, journeyId } = await setup();
      const input = { affiliateId: 'aff_1', journeyId, intakeFormId: 'ifm_1', intakeFormInstanceId: 'ifi_1' };
      await expect(svc.commerce.completeIntakeForm({ ...input, [field]: '' })).rejects.toMatchObject({
        code: 'INVALID_FIELD',
        field,
      });
    },
  );
});
