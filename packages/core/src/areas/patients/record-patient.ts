import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventType } from '../../rules/events/event-dictionary';
import type { Patient } from '../../storage/patient-store';
import { recordLock } from '../../storage/storage';

/** What the host's back end sends to record a patient. Contact and health details are never stored here. */
export const recordPatientInput = z.object({
  affiliateId: z.string().min(1),
  patient: z.object({
    id: z.string().min(1),
    externalId: z.string().min(1).optional(),
    marketingConsent: z.boolean().default(false),
  }),
});

/**
 * Stores a patient and emits `patient_enrolled` the first time, then `patient_updated`,
 * `patient_consent_changed` and `patient_external_id_linked` as those facts change.
 */
export function recordPatient(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: z.input<typeof recordPatientInput>,
): ResultAsync<Patient, DomainError> {
  const input = validate(recordPatientInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, patient: given } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const now = deps.clock.now();
        const existing = await tx.patients.get({ affiliateId, id: given.id });
        const patient: Patient = {
          id: given.id,
          affiliateId,
          ...(given.externalId ? { externalId: given.externalId } : {}),
          marketingConsent: given.marketingConsent,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        await tx.patients.upsert({ patient });
        const emit = (eventType: EventType) =>
          emitEvent(tx, deps, { affiliateId, eventType, data: {}, patientId: patient.id });
        if (!existing) await emit('patient_enrolled');
        else {
          if (existing.marketingConsent !== patient.marketingConsent) await emit('patient_consent_changed');
          if (!existing.externalId && patient.externalId) await emit('patient_external_id_linked');
          if (
            existing.externalId !== patient.externalId ||
            existing.marketingConsent !== patient.marketingConsent
          ) {
            await emit('patient_updated');
          }
        }
        return patient;
      },
      { lock: recordLock('patient', affiliateId, given.id) },
    ),
  );
}
