import type { Service } from '@affiliate-commerce/core';
import { type SandboxProcessor, sandboxProcessor } from '@affiliate-commerce/core/sandbox';

/** The affiliates whose billing profiles the demo knows. */
const demoAffiliates = ['aff_demo', 'aff_other'] as const;

/**
 * The demo's payment processor: the in-memory sandbox with Stripe's test methods
 * (`pm_card_visa`, `pm_card_mastercard`, `pm_card_detached`, `pm_card_chargeDeclined`,
 * `pm_usBankAccount_checking`). No Stripe account or network is needed.
 *
 * @example
 * const processor = demoProcessor();
 */
export function demoProcessor(): SandboxProcessor {
  return sandboxProcessor();
}

/**
 * Puts back into a fresh sandbox what the demo's kept storage says it held before a restart:
 * every registered method attached to its profile's customer, and each profile's default. The
 * sandbox forgets everything when the process stops, while PGlite keeps the billing profiles,
 * so without this a restarted demo would refuse to make a stored method the default.
 *
 * @example
 * await restoreSandbox(service, processor);
 */
export async function restoreSandbox(service: Service, processor: SandboxProcessor): Promise<void> {
  const { billing } = service.deps.storage;
  for (const affiliateId of demoAffiliates) {
    const profile = await billing.getProfile({ affiliateId });
    if (!profile?.customerId) continue;
    for (const stored of await billing.listMethods({ affiliateId })) {
      processor.addPaymentMethod({ method: { ...stored.method, customerId: profile.customerId } });
      if (stored.isDefault) {
        await processor.setDefaultPaymentMethod({
          customerId: profile.customerId,
          paymentMethodId: stored.method.id,
        });
      }
    }
  }
}
