import { concurrencyContract, storageContract } from '@affiliate-commerce/testkit';
import { memoryStorage } from './memory-storage';

storageContract('memory', async () => ({ storage: memoryStorage() }));
concurrencyContract('memory', async () => ({ storage: memoryStorage() }));
