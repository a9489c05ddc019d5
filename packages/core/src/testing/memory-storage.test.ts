import { storageContract } from '../contracts/storage-contract';
import { memoryStorage } from './memory-storage';

storageContract('memory', async () => ({ storage: memoryStorage() }));
