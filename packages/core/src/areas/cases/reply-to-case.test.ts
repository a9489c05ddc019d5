import { seedSupport, supportFixtureSeed, testService, testTokens } from '@affiliate-commerce/testkit';
import { errAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { upstreamUnavailable } from '../../base/errors';
import type { CaseOptions } from '../../deps/case-options';
import type { CaseSystem } from '../../ports/case-system/case-system';
import { type SandboxCaseSystem, sandboxCaseSystem } from '../../ports/case-system/sandbox-case-system';

type Method = keyof CaseSystem;

/** The sandbox, with chosen methods failing (from a given call on) once `breakAfterSetup` runs. */
function breakable(sandbox: SandboxCaseSystem) {
  const broken = new Map<Method, number>();
  const calls = new Map<Method, number>();
  const wrapped = { ...sandbox } as Record<string, unknown>;
  for (const name of Object.keys(sandbox) as Method[]) {
    const original = sandbox[name] as (...args: unknown[]) => unknown;
    if (typeof original !== 'function') continue;
    wrapped[name] = (...args: unknown[]) => {
      const count = (calls.get(name) ?? 0) + 1;
      calls.set(name, count);
      const from = broken.get(name);
      if (from !== undefined && count >= from) return errAsync(upstreamUnavailable('case system'));
      return original(...args);
    };
  }
  return {
    caseSystem: wrapped as unknown as SandboxCaseSystem,
    /** Breaks `method` from its `nth` call after this point. */
    breakFrom(method: Method, nth = 1) {
      calls.set(method, 0);
      broken.set(method, nth);
    },
  };
}

async function setup(cases?: CaseOptions) {
  const sandbox = sandboxCaseSystem({ ...supportFixtureSeed });
  const control = breakable(sandbox);
  const service = testService({ caseSystem: control.caseSystem, ...(cases ? { cases } : {}) });
  await seedSupport(service);
  const reply = async (caseId: string, parts: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, 'label.png');
    }
    const response = await service.handle(
      new Request(`http://api.test/v2/cases/${caseId}/actions/respond`, {
        method: 'POST',
        headers: { authorization: `Bearer ${testTokens.agent}` },
        body: form,
      }),
    );
    return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
  };
  const request = (key: string) => sandbox.requests().find((entry) => entry.issueKey === key)!;
  return { service, sandbox, reply, request, breakFrom: control.breakFrom };
}

const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

describe('4.3 a reply is posted whole or not at all', () => {
  for (const method of ['attachTemporaryFile', 'attachToRequest'] as const) {
    it(`7: when ${method} fails, the reply with a file is 502 and nothing is posted`, async () => {
      const { reply, request, breakFrom } = await setup();
      breakFrom(method);
      expect((await reply('case_1', { message: 'with file', file })).status).toBe(502);
      expect(request('SUP-1')).toMatchObject({ comments: [], attachments: [] });
    });
  }

  it('7: when the comment cannot be added, the reply is 502 and nothing is posted', async () => {
    const { reply, request, breakFrom } = await setup();
    breakFrom('addComment');
    expect((await reply('case_1', { message: 'hello' })).status).toBe(502);
    expect(request('SUP-1').comments).toEqual([]);
  });

  it('4.3 a reply with a file creates the comment and the attachment together', async () => {
    const { reply, request } = await setup();
    const answer = await reply('case_1', { message: 'with file', file });
    expect(answer.status).toBe(200);
    expect(request('SUP-1').comments.map((comment) => comment.body)).toEqual(['with file']);
    expect(request('SUP-1').attachments.map((attachment) => attachment.filename)).toEqual(['label.png']);
  });
});

describe('2.3 the transition a reply causes', () => {
  it('2.3 once the comment exists, a failed transition leaves the reply standing, without transition', async () => {
    const { reply, request, breakFrom } = await setup();
    breakFrom('performTransition');
    const answer = await reply('case_3', { message: 'tracking number' });
    expect(answer.status).toBe(200);
    expect(answer.json.data).not.toHaveProperty('transition');
    expect(request('SUP-3')).toMatchObject({ status: { status: 'Waiting for customer' } });
    expect(request('SUP-3').comments).toHaveLength(1);
  });

  it('2.3 a transition whose new status cannot be read back is answered without toStatus', async () => {
    const { reply, breakFrom } = await setup();
    breakFrom('getRequestStatus', 2);
    const answer = await reply('case_3', { message: 'tracking number' });
    expect(answer.status).toBe(200);
    expect(answer.json.data.transition).toEqual({
      id: '31',
      name: 'Respond to support',
      fromStatus: 'Waiting for customer',
    });
  });

  it('2.3 no reply rules, no transition', async () => {
    const { reply, request } = await setup({ replyTransitions: [] });
    const answer = await reply('case_3', { message: 'tracking number' });
    expect(answer.json.data).not.toHaveProperty('transition');
    expect(request('SUP-3').status.status).toBe('Waiting for customer');
  });

  it('2.3 a host rule reopens a resolved case on reply (names matched without regard to case)', async () => {
    const { reply, sandbox, service } = await setup({
      replyTransitions: [{ fromStatus: 'resolved', transitionName: 'REOPEN' }],
    });
    await sandbox.performTransition({ issueIdOrKey: 'SUP-1', transitionId: '21' });
    const answer = await reply('case_1', { message: 'still broken' });
    expect(answer.json.data.transition).toEqual({
      id: '41',
      name: 'Reopen',
      fromStatus: 'Resolved',
      toStatus: 'Waiting for support',
    });
    expect(await service.deps.storage.cases.getCase({ affiliateId: 'aff_1', id: 'case_1' })).toMatchObject({
      status: 'Waiting for support',
      statusCategory: 'NEW',
    });
  });

  it('2.3 a rule whose transition is not available from the status causes none', async () => {
    const { reply } = await setup({
      replyTransitions: [{ fromStatus: 'Waiting for customer', transitionName: 'No such transition' }],
    });
    expect((await reply('case_3', { message: 'x' })).json.data).not.toHaveProperty('transition');
  });

  it('the status read before the reply is recorded when an agent changed it in the case system', async () => {
    const { reply, service } = await setup({ replyTransitions: [] });
    await reply('case_3', { message: 'x' });
    expect(await service.deps.storage.cases.getCase({ affiliateId: 'aff_1', id: 'case_3' })).toMatchObject({
      status: 'Waiting for customer',
      statusCategory: 'INDETERMINATE',
    });
  });
});
