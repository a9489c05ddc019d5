import type { DomainError, Service } from '@affiliate-commerce/core';
import { createGeneralCase, syncRequestType } from '@affiliate-commerce/core/http';
import type { SandboxCaseSystem } from '@affiliate-commerce/core/sandbox';
import type { Result } from 'neverthrow';

const owner = '@affiliate-commerce/testkit';

/**
 * The sandbox case system behind a test service, for tests that steer it (`failNext`, moving a
 * request along its workflow).
 *
 * @example
 * sandboxOf(service).failNext('unavailable');
 */
export function sandboxOf(service: Service): SandboxCaseSystem {
  const caseSystem = service.deps.caseSystem as Partial<SandboxCaseSystem>;
  if (typeof caseSystem.failNext !== 'function' || typeof caseSystem.requests !== 'function') {
    throw new TypeError(`${owner}: this service's case system is not the sandbox`);
  }
  return caseSystem as SandboxCaseSystem;
}

function must<T>(result: Result<T, DomainError>): T {
  if (result.isErr()) throw new Error(`support test setup failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * The data every support HTTP table starts from (fixture request types 10, 11, 12 of
 * `sandbox-fixture.ts`):
 * - `aff_1`: request type 11 synced; a stale synced copy of 12 that still lists a required
 *   `summary` the case system no longer has; order `ord_1` of patient `pat_1` (external id
 *   `ext-77`); cases `case_1` (SUP-1) and `case_3` (SUP-3, moved to "Waiting for customer" in the
 *   case system after it was stored, so our record still says "Waiting for support").
 * - `aff_2`: request types 11 and 12 (no fields) synced; order `ord_other`; case `case_2` (SUP-2).
 *
 * @example
 * const table: HttpTable = { title: 'support', setup: seedSupport, cases: [] };
 */
export async function seedSupport(service: Service): Promise<void> {
  const { deps } = service;
  await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
  await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
  await service.commerce.recordPatient({
    affiliateId: 'aff_1',
    patient: { id: 'pat_1', externalId: 'ext-77' },
  });
  await service.commerce.recordOrder({
    affiliateId: 'aff_1',
    order: { id: 'ord_1', status: 'paid', patientId: 'pat_1', journeyId: 'jrn_1', totalCents: 8_500 },
  });
  await service.commerce.recordOrder({ affiliateId: 'aff_2', order: { id: 'ord_other', totalCents: 100 } });
  must(await syncRequestType(deps, { affiliateId: 'aff_1', requestTypeId: '11' }));
  must(await syncRequestType(deps, { affiliateId: 'aff_2', requestTypeId: '11' }));
  must(await syncRequestType(deps, { affiliateId: 'aff_2', requestTypeId: '12' }));
  await deps.storage.cases.saveRequestType({
    requestType: {
      affiliateId: 'aff_1',
      requestTypeId: '12',
      name: 'Feedback',
      fields: [
        {
          externalSystemIdentifier: 'summary',
          name: 'Summary',
          required: true,
          defaultValues: [],
          validValues: [],
        },
      ],
      syncedAt: deps.clock.now(),
    },
  });
  const ticket = (affiliateId: string, summary: string) =>
    createGeneralCase(deps, { affiliateId, userId: 'usr_setup', requestTypeId: '11', fields: { summary } });
  must(await ticket('aff_1', 'Where is my parcel?'));
  must(await ticket('aff_2', 'Other tenant question'));
  must(await ticket('aff_1', 'Waiting on us'));
  must(await sandboxOf(service).performTransition({ issueIdOrKey: 'SUP-3', transitionId: '11' }));
}
