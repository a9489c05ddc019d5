import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { CaseRecord } from '../../storage/case-store';
import { recordLock, type Storage } from '../../storage/storage';
import { caseStatusOf } from './case-view';

/** The SUPPORT events of docs/api.md §6.2 a case emits. */
export type SupportEventType =
  | 'support_case_created'
  | 'support_case_status_changed'
  | 'support_case_replied';

/**
 * Emits a case's SUPPORT event in the caller's transaction, with the SUPPORT allowlist's fields
 * (docs/api.md §6.2) and, for a case about an order, the order's patient. Support events carry no
 * attribution (docs/api.md §6.5). `eventKey` makes a repeated report of the same change one event.
 */
export async function emitCaseEvent(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  eventType: SupportEventType,
  caseRecord: CaseRecord,
  eventKey?: string,
): Promise<void> {
  const order = caseRecord.orderId
    ? await tx.orders.get({ affiliateId: caseRecord.affiliateId, id: caseRecord.orderId })
    : undefined;
  await emitEvent(tx, deps, {
    affiliateId: caseRecord.affiliateId,
    eventType,
    ...(eventKey ? { eventKey } : {}),
    ...(order?.patientId ? { patientId: order.patientId } : {}),
    // Support events carry no attribution: pass an empty one so none is looked up.
    attribution: {},
    data: {
      support_case_id: caseRecord.id,
      support_case_status: caseStatusOf(caseRecord.statusCategory),
      support_case_name: caseRecord.name,
      support_case_category: caseRecord.category,
      ...(caseRecord.orderId ? { order_id: caseRecord.orderId } : {}),
      external_case_identifier: caseRecord.externalIssueKey,
      external_case_status: caseRecord.status,
      ...(caseRecord.externalUrl ? { external_case_url: caseRecord.externalUrl } : {}),
    },
  });
}

/**
 * Records a case's new status and emits `support_case_status_changed`, in one transaction holding
 * the case's lock that reads the stored state first: a status already stored emits nothing, and of
 * racing syncs each change is emitted from the state it really left.
 */
export function recordCaseStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  caseRecord: CaseRecord,
  status: { status: string; statusCategory: CaseRecord['statusCategory'] },
): Promise<CaseRecord | undefined> {
  return deps.storage.transaction(
    async (tx) => {
      const scoped = { affiliateId: caseRecord.affiliateId, id: caseRecord.id };
      // The state as stored now, not as the caller read it: a concurrent sync may have moved it.
      const before = await tx.cases.getCase(scoped);
      if (!before) return undefined;
      if (before.status === status.status && before.statusCategory === status.statusCategory) return before;
      const updated = await tx.cases.setCaseStatus({
        ...scoped,
        status: status.status,
        statusCategory: status.statusCategory,
        updatedAt: deps.clock.now(),
      });
      if (updated) {
        const key = `${before.id}:${before.status}@${before.updatedAt.toISOString()}->${status.status}`;
        await emitCaseEvent(tx, deps, 'support_case_status_changed', updated, key);
      }
      return updated;
    },
    { lock: recordLock('case', caseRecord.affiliateId, caseRecord.id) },
  );
}
