export { emptyMemoryState, type MemoryState, scopedKey } from './memory-state';
export { memoryStorage } from './memory-storage';
export { sequentialIds } from './sequential-ids';
export { staticTokenAuth } from './static-auth';
export { type TestClock, testClock } from './test-clock';
export { type TestService, testPrincipals, testService, testTokens } from './test-service';
