import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { createWebhook } from './create-webhook';
import { activeSigningSecrets, maxPreviousSecrets, rotationOverlapMs } from './signing-secrets';
import { updateWebhook } from './update-webhook';
import { rotateSecret } from './webhook-lifecycle';

async function setup() {
  const service = testService();
  const created = (
    await createWebhook(service.deps, {
      affiliateId: 'aff_1',
      input: { name: 'Orders', url: 'https://hooks.example.com/orders' },
    })
  )._unsafeUnwrap();
  const signing = async () =>
    (
      await activeSigningSecrets({ deps: service.deps, affiliateId: 'aff_1', webhookId: created.webhook.id })
    )._unsafeUnwrap();
  const rotate = async () =>
    (await rotateSecret(service.deps, { affiliateId: 'aff_1', id: created.webhook.id }))._unsafeUnwrap()
      .secret!;
  return { service, first: created.secret!, id: created.webhook.id, signing, rotate };
}

describe('rotation keeps the old secret signing for 24 hours (docs/api.md §11.2)', () => {
  it('5.4: after a rotation both sign, new first; at 24 h the old one stops', async () => {
    const { service, first, signing, rotate } = await setup();
    expect(await signing()).toEqual([first]);
    const second = await rotate();
    expect(second).not.toBe(first);
    expect(await signing()).toEqual([second, first]);
    service.clock.advance(rotationOverlapMs - 1);
    expect(await signing()).toEqual([second, first]);
    service.clock.advance(1);
    expect(await signing()).toEqual([second]);
  });

  it('rotating again during an overlap keeps each replaced secret until its own expiry, at most three', async () => {
    const { service, first, signing, rotate } = await setup();
    const second = await rotate();
    service.clock.advance(60_000);
    const third = await rotate();
    expect(await signing()).toEqual([third, second, first]);
    service.clock.advance(rotationOverlapMs - 60_000);
    expect(await signing()).toEqual([third, second]);
    const more = [await rotate(), await rotate(), await rotate()];
    expect(await signing()).toHaveLength(1 + maxPreviousSecrets);
    expect((await signing())[0]).toBe(more[2]);
  });

  it('2.1: secrets are stored encrypted; no plaintext secret is anywhere in storage', async () => {
    const { service, first, id, rotate } = await setup();
    const second = await rotate();
    const stored = JSON.stringify(await service.deps.storage.webhooks.get({ affiliateId: 'aff_1', id }));
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);
    expect(stored).not.toContain('whsec_');
  });

  it('3: turning authentication off drops every secret; nothing signs; rotating is refused', async () => {
    const { service, id, signing } = await setup();
    await updateWebhook(service.deps, { affiliateId: 'aff_1', id, input: { authentication: false } });
    expect(await signing()).toEqual([]);
    const refused = await rotateSecret(service.deps, { affiliateId: 'aff_1', id });
    expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field: 'authentication' });
  });

  it("tenancy: another affiliate's webhook has no secrets to give (404)", async () => {
    const { service, id } = await setup();
    const result = await activeSigningSecrets({ deps: service.deps, affiliateId: 'aff_2', webhookId: id });
    expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('3: two simultaneous PUTs turning authentication on reveal exactly one secret (compare-and-set)', async () => {
    const service = testService();
    const { webhook } = (
      await createWebhook(service.deps, {
        affiliateId: 'aff_1',
        input: { name: 'x', url: 'https://hooks.example.com/', authentication: false },
      })
    )._unsafeUnwrap();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        updateWebhook(service.deps, {
          affiliateId: 'aff_1',
          id: webhook.id,
          input: { authentication: true },
        }),
      ),
    );
    const revealed = results.map((r) => r._unsafeUnwrap().secret).filter(Boolean);
    expect(revealed).toHaveLength(1);
    const signing = await activeSigningSecrets({
      deps: service.deps,
      affiliateId: 'aff_1',
      webhookId: webhook.id,
    });
    expect(signing._unsafeUnwrap()).toEqual(revealed);
  });
});
