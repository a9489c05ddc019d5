import type { RecordStore } from '../records/record-store';
import { type MemoryState, scopedKey } from './memory-state';

/** The in-memory commerce record store. */
export function memoryRecordStore(state: MemoryState): RecordStore {
  return {
    async upsert({ record }) {
      state.records.set(
        scopedKey(record.affiliateId, `${record.kind}:${record.id}`),
        structuredClone(record),
      );
    },
    async get({ affiliateId, kind, id }) {
      const found = state.records.get(scopedKey(affiliateId, `${kind}:${id}`));
      return found && structuredClone(found);
    },
  };
}
