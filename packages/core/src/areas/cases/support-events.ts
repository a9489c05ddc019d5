import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import { recordLock, type Storage } from '../../storage/storage';
import type { SupportCase } from '../../storage/support-store';
import { caseStatusOf } from './support-view';

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
export async function emitSupportEvent(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  eventType: SupportEventType,
  supportCase: SupportCase,
  eventKey?: string,
): Promise<void> {
  const order = supportCase.orderId
    ? await tx.orders.get({ affiliateId: supportCase.affiliateId, id: supportCase.orderId })
    : undefined;
  await emitEvent(tx, deps, {
    affiliateId: supportCase.affiliateId,
    eventType,
    ...(eventKey ? { eventKey } : {}),
    ...(order?.patientId ? { patientId: order.patientId } : {}),
    // Support events carry no attribution: pass an empty one so none is looked up.
    attribution: {},
    data: {
      support_case_id: supportCase.id,
      support_case_status: caseStatusOf(supportCase.statusCategory),
      support_case_name: supportCase.name,
      support_case_category: supportCase.category,
      ...(supportCase.orderId ? { order_id: supportCase.orderId } : {}),
      external_case_identifier: supportCase.externalIssueKey,
      external_case_status: supportCase.status,
      ...(supportCase.externalUrl ? { external_case_url: supportCase.externalUrl } : {}),
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
  supportCase: SupportCase,
  status: { status: string; statusCategory: SupportCase['statusCategory'] },
): Promise<SupportCase | undefined> {
  return deps.storage.transaction(
    async (tx) => {
      const scoped = { affiliateId: supportCase.affiliateId, id: supportCase.id };
      // The state as stored now, not as the caller read it: a concurrent sync may have moved it.
      const before = await tx.support.getCase(scoped);
      if (!before) return undefined;
      if (before.status === status.status && before.statusCategory === status.statusCategory) return before;
      const updated = await tx.support.setCaseStatus({
        ...scoped,
        status: status.status,
        statusCategory: status.statusCategory,
        updatedAt: deps.clock.now(),
      });
      if (updated) {
        const key = `${before.id}:${before.status}@${before.updatedAt.toISOString()}->${status.status}`;
        await emitSupportEvent(tx, deps, 'support_case_status_changed', updated, key);
      }
      return updated;
    },
    { lock: recordLock('case', supportCase.affiliateId, supportCase.id) },
  );
}
