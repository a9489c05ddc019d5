import type { Service } from '@affiliate-commerce/core';
import { syncRequestType } from '@affiliate-commerce/core/http';
import {
  type CaseSystemSeed,
  type SandboxCaseSystem,
  sandboxCaseSystem,
} from '@affiliate-commerce/core/sandbox';
import { unwrap } from './unwrap';

/**
 * The demo's two request types: `20` (a general question, synced for `aff_demo` with its fields)
 * and `21` (an order problem whose order number defaults to `{{order.id}}`, never synced, so
 * create-ticket refuses it with 422 while POST /v2/cases takes it).
 *
 * @example
 * sandboxCaseSystem({ ...demoRequestTypes });
 */
export const demoRequestTypes: CaseSystemSeed = {
  requestTypes: [
    {
      id: '20',
      name: 'General question',
      description: 'Anything about the service',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        { fieldId: 'description', name: 'Description', required: false, defaultValues: [], validValues: [] },
        {
          fieldId: 'customfield_10060',
          name: 'Topic',
          required: false,
          defaultValues: [{ value: '10200', label: 'Other' }],
          validValues: [
            { value: '10200', label: 'Other' },
            { value: '10201', label: 'Billing' },
          ],
          schema: { type: 'option', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:select' },
        },
      ],
    },
    {
      id: '21',
      name: 'Order problem',
      description: 'Something is wrong with an order',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        {
          fieldId: 'customfield_10050',
          name: 'Order number',
          required: true,
          defaultValues: [{ value: '{{order.id}}', label: '{{order.id}}' }],
          validValues: [],
        },
      ],
    },
  ],
};

/**
 * The demo's case system: the in-memory sandbox with {@link demoRequestTypes}, on JSM's
 * service-request workflow. No Atlassian account or network is needed.
 *
 * @example
 * const caseSystem = demoCaseSystem();
 */
export function demoCaseSystem(): SandboxCaseSystem {
  return sandboxCaseSystem({ ...demoRequestTypes, projectKey: 'DEMO' });
}

/**
 * Syncs request type `20` for `aff_demo` and makes the demo case `case_demo` (about order
 * `ord_demo_0001`, waiting for the customer, so the first reply moves it back to support). The
 * sandbox forgets everything when the process stops while PGlite keeps our records, so this runs
 * at every start and points `case_demo` at the sandbox's fresh request.
 *
 * @example
 * await seedCases(service, caseSystem);
 */
export async function seedCases(service: Service, caseSystem: SandboxCaseSystem): Promise<void> {
  const { storage, clock } = service.deps;
  unwrap(await syncRequestType(service.deps, { affiliateId: 'aff_demo', requestTypeId: '20' }));
  const request = unwrap(
    await caseSystem.createRequest({
      requestTypeId: '21',
      requestFieldValues: { summary: 'Parcel arrived damaged', customfield_10050: 'ord_demo_0001' },
    }),
  );
  unwrap(await caseSystem.performTransition({ issueIdOrKey: request.issueKey, transitionId: '11' }));
  const status = unwrap(await caseSystem.getRequestStatus({ issueIdOrKey: request.issueKey }));
  const existing = await storage.cases.getCase({ affiliateId: 'aff_demo', id: 'case_demo' });
  const now = clock.now();
  await storage.cases.saveCase({
    caseRecord: {
      id: 'case_demo',
      affiliateId: 'aff_demo',
      requestTypeId: '21',
      name: 'Parcel arrived damaged',
      category: 'Order problem',
      orderId: 'ord_demo_0001',
      externalIssueId: request.issueId,
      externalIssueKey: request.issueKey,
      ...(request.webUrl === undefined ? {} : { externalUrl: request.webUrl }),
      status: status.status,
      statusCategory: status.statusCategory,
      createdBy: 'usr_demo_agent',
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    },
  });
}
