import type { Storage } from '@affiliate-commerce/core';
import type { CaseRecord, SyncedRequestType } from '@affiliate-commerce/core/storage';
import { expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const t1 = new Date('2026-11-23T11:30:00.000Z');

function requestType(overrides: Partial<SyncedRequestType> = {}): SyncedRequestType {
  return {
    affiliateId: 'aff_1',
    requestTypeId: '10',
    name: 'Order problem',
    description: 'Something is wrong with an order',
    fields: [
      {
        externalSystemIdentifier: 'summary',
        name: 'Summary',
        description: 'One line',
        required: true,
        defaultValues: [],
        validValues: [],
      },
      {
        externalSystemIdentifier: 'customfield_10060',
        name: 'Reason',
        required: false,
        defaultValues: [{ value: '10101', label: 'Late' }],
        validValues: [
          { value: '10100', label: 'Damaged', children: [{ value: '10110', label: 'Box' }] },
          { value: '10101', label: 'Late' },
        ],
        schema: {
          type: 'option',
          custom: 'com.atlassian.jira.plugin.system.customfieldtypes:select',
          customId: 10060,
        },
      },
    ],
    syncedAt: t0,
    ...overrides,
  };
}

function caseRecord(overrides: Partial<CaseRecord> = {}): CaseRecord {
  return {
    id: 'case_c1',
    affiliateId: 'aff_1',
    requestTypeId: '10',
    name: 'Parcel arrived damaged',
    category: 'Order problem',
    orderId: 'ord_1',
    externalIssueId: '10001',
    externalIssueKey: 'SUP-1',
    externalUrl: 'https://example.atlassian.net/servicedesk/customer/portal/1/SUP-1',
    status: 'Waiting for support',
    statusCategory: 'NEW',
    createdBy: 'usr_1',
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

/**
 * The case store part of the storage contract (memory, PGlite, PostgreSQL server).
 *
 * @example
 * caseStoreContract(() => storage);
 */
export function caseStoreContract(storage: () => Storage): void {
  it('cases: a synced request type round-trips every field, absent optional ones omitted (never null)', async () => {
    const full = requestType();
    await storage().cases.saveRequestType({ requestType: full });
    expect(await storage().cases.getRequestType({ affiliateId: 'aff_1', requestTypeId: '10' })).toEqual(full);
    const bare = requestType({ requestTypeId: '12', name: 'Feedback', fields: [] });
    const { description: _description, ...withoutDescription } = bare;
    await storage().cases.saveRequestType({ requestType: withoutDescription });
    const read = await storage().cases.getRequestType({ affiliateId: 'aff_1', requestTypeId: '12' });
    expect(read).toEqual(withoutDescription);
    expect(Object.keys(read!)).not.toContain('description');
  });

  it('cases: re-syncing replaces the fields whole; synced types are per affiliate', async () => {
    await storage().cases.saveRequestType({ requestType: requestType({ requestTypeId: '20' }) });
    const resynced = requestType({ requestTypeId: '20', name: 'Renamed', fields: [], syncedAt: t1 });
    await storage().cases.saveRequestType({ requestType: resynced });
    expect(await storage().cases.getRequestType({ affiliateId: 'aff_1', requestTypeId: '20' })).toEqual(
      resynced,
    );
    expect(
      await storage().cases.getRequestType({ affiliateId: 'aff_2', requestTypeId: '20' }),
    ).toBeUndefined();
    await storage().cases.saveRequestType({
      requestType: requestType({ affiliateId: 'aff_2', requestTypeId: '20', name: 'Theirs' }),
    });
    expect(await storage().cases.getRequestType({ affiliateId: 'aff_1', requestTypeId: '20' })).toMatchObject(
      {
        name: 'Renamed',
      },
    );
  });

  it('cases: listRequestTypes answers one affiliate, ordered by request-type id byte by byte', async () => {
    for (const id of ['b', 'B', '30', '3']) {
      await storage().cases.saveRequestType({
        requestType: requestType({ affiliateId: 'aff_list', requestTypeId: id }),
      });
    }
    await storage().cases.saveRequestType({
      requestType: requestType({ affiliateId: 'aff_2', requestTypeId: 'z' }),
    });
    const listed = await storage().cases.listRequestTypes({ affiliateId: 'aff_list' });
    expect(listed.map((type) => type.requestTypeId)).toEqual(['3', '30', 'B', 'b']);
    expect(await storage().cases.listRequestTypes({ affiliateId: 'aff_none' })).toEqual([]);
  });

  it('cases: a case round-trips every field, absent optional ones omitted (never null)', async () => {
    const full = caseRecord();
    await storage().cases.saveCase({ caseRecord: full });
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_c1' })).toEqual(full);
    const { orderId: _orderId, externalUrl: _url, ...bare } = caseRecord({ id: 'case_bare' });
    await storage().cases.saveCase({ caseRecord: bare });
    const read = await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_bare' });
    expect(read).toEqual(bare);
    expect(Object.keys(read!)).not.toContain('orderId');
    expect(Object.keys(read!)).not.toContain('externalUrl');
  });

  it("cases: another affiliate's case is not found; the same id in two affiliates is two cases", async () => {
    await storage().cases.saveCase({ caseRecord: caseRecord({ id: 'case_shared' }) });
    expect(await storage().cases.getCase({ affiliateId: 'aff_2', id: 'case_shared' })).toBeUndefined();
    await storage().cases.saveCase({
      caseRecord: caseRecord({ id: 'case_shared', affiliateId: 'aff_2', externalIssueKey: 'SUP-9' }),
    });
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_shared' })).toMatchObject({
      externalIssueKey: 'SUP-1',
    });
    expect(
      await storage().cases.setCaseStatus({
        affiliateId: 'aff_2',
        id: 'case_c1',
        status: 'Resolved',
        statusCategory: 'DONE',
        updatedAt: t1,
      }),
    ).toBeUndefined();
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_c1' })).toMatchObject({
      status: 'Waiting for support',
    });
  });

  it('cases: setCaseStatus records the status and updatedAt, and nothing else', async () => {
    await storage().cases.saveCase({ caseRecord: caseRecord({ id: 'case_status' }) });
    const updated = await storage().cases.setCaseStatus({
      affiliateId: 'aff_1',
      id: 'case_status',
      status: 'Waiting for customer',
      statusCategory: 'INDETERMINATE',
      updatedAt: t1,
    });
    const expected = caseRecord({
      id: 'case_status',
      status: 'Waiting for customer',
      statusCategory: 'INDETERMINATE',
      updatedAt: t1,
    });
    expect(updated).toEqual(expected);
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_status' })).toEqual(expected);
  });

  it('cases: saveCase replaces a case with the same id (the demo re-points its case at each start)', async () => {
    await storage().cases.saveCase({ caseRecord: caseRecord({ id: 'case_again' }) });
    const { orderId: _orderId, ...replacement } = caseRecord({
      id: 'case_again',
      externalIssueId: '10009',
      externalIssueKey: 'SUP-9',
      updatedAt: t1,
    });
    await storage().cases.saveCase({ caseRecord: replacement });
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_again' })).toEqual(replacement);
  });

  it('cases: a case written in a rolled-back transaction is not kept', async () => {
    await expect(
      storage().transaction(async (tx) => {
        await tx.cases.saveCase({ caseRecord: caseRecord({ id: 'case_rollback' }) });
        await tx.cases.saveRequestType({ requestType: requestType({ requestTypeId: 'rollback' }) });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await storage().cases.getCase({ affiliateId: 'aff_1', id: 'case_rollback' })).toBeUndefined();
    expect(
      await storage().cases.getRequestType({ affiliateId: 'aff_1', requestTypeId: 'rollback' }),
    ).toBeUndefined();
  });
}

/** @deprecated Use {@link caseStoreContract}. Removed in 0.3.0. */
export const supportStoreContract = caseStoreContract;
