import {
  deliveryCapture,
  sandboxCaseSystemOf as sandboxOf,
  seedSupport,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

const events = ['support_case_created', 'support_case_status_changed', 'support_case_replied'];

async function call(
  svc: Awaited<ReturnType<typeof deliveryCapture>>['svc'],
  method: string,
  path: string,
  body?: unknown,
) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${testTokens.agent}` } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await svc.handle(new Request(`http://api.test${path}`, init));
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
}

describe('7 item 6: SUPPORT events (docs/api.md §6.2 SUPPORT allowlist, §6.5 no attribution)', () => {
  it('creating, replying to and moving a case emit support_case_created, _replied and _status_changed', async () => {
    const { svc, sent } = await deliveryCapture(events);
    await seedSupport(svc);
    await sent();
    const created = await call(svc, 'POST', '/v2/cases', {
      orderId: 'ord_1',
      requestTypeId: '11',
      fields: { summary: 'Parcel late' },
    });
    expect(created.status).toBe(201);
    const caseId =
      (created.json.data as { id?: string; case?: { id: string } }).id ??
      (created.json.data as { case: { id: string } }).case.id;
    const [createdEvent] = await sent();
    expect(createdEvent).toMatchObject({
      event_type: 'support_case_created',
      support_case_id: caseId,
      order_id: 'ord_1',
      support_case_status: 'open',
      patient_id: 'pat_1',
    });
    expect(createdEvent).toHaveProperty('external_case_identifier');
    expect(createdEvent).not.toHaveProperty('attribution');

    const form = new FormData();
    form.set('message', 'Any news?');
    expect((await call(svc, 'POST', `/v2/cases/${caseId}/actions/respond`, form)).status).toBe(200);
    expect((await sent()).map((b) => b.event_type)).toContain('support_case_replied');

    const key = String(createdEvent!.external_case_identifier);
    const transitions = await sandboxOf(svc).listTransitions({ issueIdOrKey: key });
    const first = transitions._unsafeUnwrap()[0]!;
    await sandboxOf(svc).performTransition({ issueIdOrKey: key, transitionId: first.id });
    expect((await call(svc, 'GET', `/v2/cases/${caseId}`)).status).toBe(200);
    expect((await call(svc, 'GET', `/v2/cases/${caseId}`)).status).toBe(200);
    const changed = (await sent()).filter((b) => b.event_type === 'support_case_status_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ support_case_id: caseId });
  });
});
