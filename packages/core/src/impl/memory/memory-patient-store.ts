import { type PatientStore, returningStatuses } from '../../storage/patient-store';
import { type MemoryState, scopedKey } from './memory-state';

const counts = new Set<string>(returningStatuses);

/** The in-memory patient store. */
export function memoryPatientStore(state: MemoryState): PatientStore {
  return {
    async upsert({ patient }) {
      state.patients.set(scopedKey(patient.affiliateId, patient.id), structuredClone(patient));
    },
    async get({ affiliateId, id }) {
      const found = state.patients.get(scopedKey(affiliateId, id));
      return found && structuredClone(found);
    },
    async isReturning({ affiliateId, patientId, excludeOrderId }) {
      for (const order of state.orders.values()) {
        if (order.affiliateId !== affiliateId || order.patientId !== patientId || order.id === excludeOrderId)
          continue;
        if (counts.has(order.status)) return true;
      }
      return false;
    },
  };
}
