import type { RecordStore } from '../../storage/record-store';
import { type MemoryState, scopedKey } from './memory-state';

/** The in-memory commerce record store. */
export function memoryRecordStore(state: MemoryState): RecordStore {
  return {
    async upsert({ record }) {
      const key = scopedKey(record.affiliateId, `${record.kind}:${record.id}`);
      const previous = state.records.get(key);
      state.records.set(
        key,
        structuredClone({ ...record, createdAt: previous?.createdAt ?? record.createdAt }),
      );
      return previous && structuredClone(previous);
    },
    async get({ affiliateId, kind, id }) {
      const found = state.records.get(scopedKey(affiliateId, `${kind}:${id}`));
      return found && structuredClone(found);
    },
  };
}
