import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { RecordJourneyTemplateInput } from './journey-input';

const template = (overrides: Partial<RecordJourneyTemplateInput['template']> = {}) => ({
  affiliateId: 'aff_1',
  template: {
    slug: 'start-your-plan',
    template_display_name: 'Start your plan',
    landing_url: 'https://shop.example/start',
    journey_type: 'ecommerce',
    ...overrides,
  },
});

describe('recordJourneyTemplate', () => {
  it('4.9 creates a template with a jtp_ id, and the same slug again updates it in place', async () => {
    const service = testService();
    const created = await service.commerce.recordJourneyTemplate(template({ campaignId: 'cmp_1' }));
    expect(created).toEqual({
      id: 'jtp_1',
      affiliateId: 'aff_1',
      slug: 'start-your-plan',
      templateDisplayName: 'Start your plan',
      landingUrl: 'https://shop.example/start',
      journeyType: 'ecommerce',
      campaignId: 'cmp_1',
      createdAt: new Date('2026-11-23T10:00:00.000Z'),
      updatedAt: new Date('2026-11-23T10:00:00.000Z'),
    });
    service.clock.advance(3_600_000);
    const updated = await service.commerce.recordJourneyTemplate(
      template({ template_display_name: 'Begin here' }),
    );
    expect(updated).toMatchObject({
      id: 'jtp_1',
      templateDisplayName: 'Begin here',
      createdAt: created.createdAt,
    });
    expect(updated).not.toHaveProperty('campaignId');
    expect(updated.updatedAt).toEqual(new Date('2026-11-23T11:00:00.000Z'));
  });

  it.each([
    ['slug', { slug: 'semaglutide-start' }, 'semaglutide'],
    ['template_display_name', { template_display_name: 'Your Wegovy plan' }, 'wegovy'],
    ['landing_url', { landing_url: 'https://shop.example/hair-loss/start' }, 'hair loss'],
    ['landing_url', { landing_url: 'https://shop.example/start?product=tirzepatide' }, 'tirzepatide'],
  ] as const)(
    '4.9 a %s naming a drug or condition is 422 INVALID_FIELD naming the field and the word',
    async (field, overrides, word) => {
      const service = testService();
      await expect(service.commerce.recordJourneyTemplate(template(overrides))).rejects.toMatchObject({
        name: 'AffiliateCommerceError',
        code: 'INVALID_FIELD',
        status: 422,
        field: `template.${field}`,
        message: `template.${field} must be named neutrally; it names "${word}".`,
      });
      expect(await service.deps.storage.journeys.templateBySlug({ slug: 'start-your-plan' })).toBeUndefined();
    },
  );

  it('4.9 neutral names that merely contain a denied word pass (no substring matches)', async () => {
    const service = testService();
    await expect(
      service.commerce.recordJourneyTemplate(
        template({ slug: 'specialist-consult', template_display_name: 'Talk to a specialist' }),
      ),
    ).resolves.toBeDefined();
  });

  it('4.9 the deny-list is configurable with the deniedNameWords service option (it replaces the default)', async () => {
    const service = testService({ deniedNameWords: ['glowup'] });
    await expect(
      service.commerce.recordJourneyTemplate(template({ slug: 'glowup-start' })),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'template.slug' });
    await expect(
      service.commerce.recordJourneyTemplate(template({ slug: 'ozempic-start' })),
    ).resolves.toBeDefined();
  });

  it('4.9 slugs are unique across affiliates: another affiliate cannot take one (422 on template.slug)', async () => {
    const service = testService();
    await service.commerce.recordJourneyTemplate(template());
    await expect(
      service.commerce.recordJourneyTemplate({ ...template(), affiliateId: 'aff_2' }),
    ).rejects.toMatchObject({
      name: 'AffiliateCommerceError',
      code: 'INVALID_FIELD',
      status: 422,
      field: 'template.slug',
      message: 'template.slug is already used by another affiliate.',
    });
    expect(await service.deps.storage.journeys.templateBySlug({ slug: 'start-your-plan' })).toMatchObject({
      affiliateId: 'aff_1',
    });
  });

  it.each([
    ['template.slug', { slug: 'Start-Your-Plan' }],
    ['template.slug', { slug: 'start your plan' }],
    ['template.slug', { slug: '-start' }],
    ['template.slug', { slug: 'a'.repeat(101) }],
    ['template.template_display_name', { template_display_name: '' }],
    ['template.template_display_name', { template_display_name: ' padded ' }],
    ['template.landing_url', { landing_url: 'javascript:alert(1)' }],
    ['template.landing_url', { landing_url: 'https://user:pass@shop.example/' }],
    ['template.landing_url', { landing_url: `https://shop.example/${'a'.repeat(1024)}` }],
    ['template.landing_url', { landing_url: '/start' }],
    ['template.journey_type', { journey_type: 'E-Commerce' }],
  ] as const)('7: 422 INVALID_FIELD on %s for %j', async (field, overrides) => {
    const service = testService();
    await expect(service.commerce.recordJourneyTemplate(template(overrides))).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field,
    });
  });
});
