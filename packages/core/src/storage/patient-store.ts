/** A patient as the host's commerce back end records it; only what the identity block needs. */
export interface Patient {
  readonly id: string;
  readonly affiliateId: string;
  readonly externalId?: string;
  readonly marketingConsent: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Storage of patients, and the per-patient fact docs/api.md §6.3 asks for.
 *
 * @example
 * const returning = await storage.patients.isReturning({ affiliateId: 'aff_1', patientId: 'pat_1', excludeOrderId: 'ord_9' });
 */
export interface PatientStore {
  upsert(input: { patient: Patient }): Promise<void>;
  get(input: { affiliateId: string; id: string }): Promise<Patient | undefined>;
  /** True when the patient has an ecommerce order other than `excludeOrderId` in paid, processing or completed. */
  isReturning(input: { affiliateId: string; patientId: string; excludeOrderId?: string }): Promise<boolean>;
}

/** Order statuses that make a patient returning (docs/api.md §6.3). */
export const returningStatuses = ['paid', 'processing', 'completed'] as const;
