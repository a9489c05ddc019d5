import { concurrencyContract } from '../contracts/concurrency-contract';
import { storageContract } from '../contracts/storage-contract';
import { memoryStorage } from './memory-storage';

storageContract('memory', async () => ({ storage: memoryStorage() }));
concurrencyContract('memory', async () => ({ storage: memoryStorage() }));
