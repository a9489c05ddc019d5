import type { Service } from '@affiliate-commerce/core';

/**
 * Neutrally named journey templates (docs/api.md §4.9): `start-your-plan` for `aff_demo`, which the demo
 * storefront page at `/storefront/start-your-plan` loads, and one for `aff_other`.
 *
 * @example await seedJourneys(service);
 */
export async function seedJourneys(service: Service): Promise<void> {
  await service.commerce.recordJourneyTemplate({
    affiliateId: 'aff_demo',
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://demo-wellness.example/start-your-plan',
      journey_type: 'ecommerce',
      campaignId: 'cmp_spring_email',
    },
  });
  await service.commerce.recordJourneyTemplate({
    affiliateId: 'aff_other',
    template: {
      slug: 'other-merchant-welcome',
      template_display_name: 'Welcome',
      landing_url: 'https://other-merchant.example/welcome',
      journey_type: 'ecommerce',
    },
  });
}
