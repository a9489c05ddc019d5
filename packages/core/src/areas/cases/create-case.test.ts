import {
  sandboxCaseSystemOf as sandboxOf,
  seedSupport,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

async function seeded() {
  const service = testService();
  await seedSupport(service);
  const send = async (path: string, body: unknown, token: string = testTokens.agent) => {
    const response = await service.handle(
      new Request(`http://api.test${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const sent = () => sandboxOf(service).requests().at(-1)?.requestFieldValues;
  return { service, send, sent, sandbox: sandboxOf(service) };
}

describe('4.1 and 4.8: what reaches the case system', () => {
  it('4.1 create-ticket sends the supplied values and the synced defaults, nothing else', async () => {
    const { send, sent, service } = await seeded();
    expect(
      (await send('/v2/cases/actions/create-ticket', { requestTypeId: '11', fields: { summary: 'Hi' } }))
        .status,
    ).toBe(201);
    expect(sent()).toEqual({ summary: 'Hi', description: 'Sent through the affiliate API' });
    expect(await service.deps.storage.cases.getCase({ affiliateId: 'aff_1', id: 'case_4' })).toMatchObject({
      createdBy: 'usr_agent',
      externalIssueKey: 'SUP-4',
      externalIssueId: '10004',
      name: 'Hi',
      category: 'General question',
    });
  });

  it('4.1 create-ticket has no order: defaults using order variables are not sent, even when required', async () => {
    const { send, sent, sandbox } = await seeded();
    expect((await send('/v2/cases/sync-case-type', { requestTypeId: '10' }, testTokens.admin)).status).toBe(
      200,
    );
    const refused = await send('/v2/cases/actions/create-ticket', {
      requestTypeId: '10',
      fields: { summary: 'Late' },
    });
    expect(refused.status).toBe(422);
    expect(sandbox.requests()).toHaveLength(3);
    const created = await send('/v2/cases/actions/create-ticket', {
      requestTypeId: '10',
      fields: { summary: 'Late', customfield_10050: 'ord_typed_by_hand' },
    });
    expect(created.status).toBe(201);
    expect(sent()).toEqual({
      summary: 'Late',
      customfield_10050: 'ord_typed_by_hand',
      customfield_10060: { id: '10101' },
    });
  });

  it('4.8 POST /v2/cases resolves order and patient variables in defaults, in the form of each field', async () => {
    const { send, sent } = await seeded();
    const created = await send('/v2/cases', {
      orderId: 'ord_1',
      requestTypeId: '10',
      fields: { summary: 'Broken' },
    });
    expect(created.status).toBe(201);
    expect(sent()).toEqual({
      summary: 'Broken',
      customfield_10050: 'ord_1',
      customfield_10060: { id: '10101' },
      customfield_10070: 'patient pat_1 / ext-77',
      customfield_10080: 8_500,
    });
  });

  it('4.8 supplied values win over resolved defaults and are sent as given', async () => {
    const { send, sent } = await seeded();
    await send('/v2/cases', {
      orderId: 'ord_1',
      requestTypeId: '10',
      fields: {
        summary: 'Broken',
        customfield_10050: '{{order.id}} typed',
        customfield_10060: { id: '10100' },
      },
    });
    expect(sent()).toMatchObject({
      customfield_10050: '{{order.id}} typed',
      customfield_10060: { id: '10100' },
    });
  });

  it('4.8 an order without a patient leaves the patient variables empty', async () => {
    const { send, sent, service } = await seeded();
    await service.commerce.recordOrder({ affiliateId: 'aff_1', order: { id: 'ord_anon', totalCents: 0 } });
    await send('/v2/cases', { orderId: 'ord_anon', requestTypeId: '10', fields: { summary: 'x' } });
    expect(sent()).toMatchObject({
      customfield_10050: 'ord_anon',
      customfield_10070: 'patient  / ',
      customfield_10080: 0,
    });
  });

  it('7: an upstream failure on create stores no case and leaves no request behind', async () => {
    const { send, sandbox, service } = await seeded();
    sandbox.failNext('unavailable');
    expect(
      (await send('/v2/cases/actions/create-ticket', { requestTypeId: '11', fields: { summary: 'Hi' } }))
        .status,
    ).toBe(502);
    sandbox.failNext('unavailable', 2);
    expect(
      (await send('/v2/cases', { orderId: 'ord_1', requestTypeId: '10', fields: { summary: 'x' } })).status,
    ).toBe(502);
    expect(sandbox.requests()).toHaveLength(3);
    expect(await service.deps.storage.cases.getCase({ affiliateId: 'aff_1', id: 'case_4' })).toBeUndefined();
  });
});
