import { concurrencyContract, storageContract } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage';

storageContract('memory', async () => ({ storage: memoryStorage() }));
concurrencyContract('memory', async () => ({ storage: memoryStorage() }));

describe('memory storage: a transaction that fails', () => {
  it('puts back the records it changed and removes those it added, leaving the others whole', async () => {
    const storage = memoryStorage();
    const affiliate = (id: string, name: string) => ({
      id,
      name,
      ecommerceEnabled: true,
      createdAt: new Date(0),
    });
    await storage.affiliates.upsert({ affiliate: affiliate('aff_1', 'Before') });
    await storage.affiliates.upsert({ affiliate: affiliate('aff_2', 'Untouched') });
    await expect(
      storage.transaction(async (tx) => {
        await tx.affiliates.upsert({ affiliate: affiliate('aff_1', 'During') });
        await tx.affiliates.upsert({ affiliate: affiliate('aff_3', 'Added') });
        expect((await tx.affiliates.get({ affiliateId: 'aff_1' }))?.name).toBe('During');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await storage.affiliates.get({ affiliateId: 'aff_1' }))?.name).toBe('Before');
    expect((await storage.affiliates.get({ affiliateId: 'aff_2' }))?.name).toBe('Untouched');
    expect(await storage.affiliates.get({ affiliateId: 'aff_3' })).toBeUndefined();
  });
});
