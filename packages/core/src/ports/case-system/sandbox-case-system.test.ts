import { caseSystemContract, contractSeed } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { sandboxCaseSystem } from './sandbox-case-system';

caseSystemContract('sandbox', () => {
  const sandbox = sandboxCaseSystem();
  return {
    caseSystem: sandbox,
    seed: sandbox.seed,
    failNext: () => sandbox.failNext('unavailable'),
    requestCount: () => sandbox.requests().length,
  };
});

const fixedClock = { now: () => new Date('2027-03-01T10:00:00.000Z') };

describe('sandbox case system', () => {
  it('4.1 keeps the values, reporter and portal link of a created request', async () => {
    const sandbox = sandboxCaseSystem({ ...contractSeed, clock: fixedClock, projectKey: 'HELP' });
    const created = (
      await sandbox.createRequest({
        requestTypeId: '11',
        requestFieldValues: { summary: 'Where is my order?' },
        raiseOnBehalfOf: 'customer@example.com',
      })
    )._unsafeUnwrap();
    expect(created).toMatchObject({
      issueId: '10001',
      issueKey: 'HELP-1',
      createdDate: '2027-03-01T10:00:00.000Z',
      status: {
        status: 'Waiting for support',
        statusCategory: 'NEW',
        statusDate: '2027-03-01T10:00:00.000Z',
      },
      webUrl: 'https://sandbox.case-system.invalid/servicedesk/customer/portal/1/HELP-1',
    });
    expect(sandbox.requests()[0]).toMatchObject({
      requestFieldValues: { summary: 'Where is my order?' },
      raiseOnBehalfOf: 'customer@example.com',
    });
  });

  it('4.1 refuses a value for a field the request type does not have', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    const error = (
      await sandbox.createRequest({ requestTypeId: '12', requestFieldValues: { customfield_1: 'x' } })
    )._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'requestFieldValues' });
    expect(error.message).toContain('customfield_1');
  });

  it('4.1 a blank required value counts as missing', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    const error = (
      await sandbox.createRequest({ requestTypeId: '11', requestFieldValues: { summary: '   ' } })
    )._unsafeUnwrapErr();
    expect(error.message).toContain('summary');
  });

  it('2.3 a temporary file attaches once; a second use attaches nothing', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    const created = (
      await sandbox.createRequest({ requestTypeId: '12', requestFieldValues: {} })
    )._unsafeUnwrap();
    const upload = (
      await sandbox.attachTemporaryFile({
        filename: 'a.txt',
        contentType: 'text/plain',
        data: new Uint8Array(3),
      })
    )._unsafeUnwrap();
    const input = {
      issueIdOrKey: created.issueKey,
      temporaryAttachmentIds: upload.temporaryAttachmentIds,
      public: true,
    };
    expect((await sandbox.attachToRequest(input)).isOk()).toBe(true);
    expect((await sandbox.attachToRequest(input))._unsafeUnwrapErr()).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'temporaryAttachmentIds',
    });
    expect(sandbox.requests()[0]?.attachments).toHaveLength(1);
  });

  it('2.3 one unknown id among several attaches none of them', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    const created = (
      await sandbox.createRequest({ requestTypeId: '12', requestFieldValues: {} })
    )._unsafeUnwrap();
    const upload = (
      await sandbox.attachTemporaryFile({
        filename: 'a.txt',
        contentType: 'text/plain',
        data: new Uint8Array(3),
      })
    )._unsafeUnwrap();
    const ids = [...upload.temporaryAttachmentIds, 'temp-unknown'];
    const result = await sandbox.attachToRequest({
      issueIdOrKey: created.issueId,
      temporaryAttachmentIds: ids,
      public: true,
    });
    expect(result.isErr()).toBe(true);
    const retry = await sandbox.attachToRequest({
      issueIdOrKey: created.issueId,
      temporaryAttachmentIds: upload.temporaryAttachmentIds,
      public: true,
    });
    expect(retry._unsafeUnwrap().attachments).toHaveLength(1);
  });

  it('2.3 a transition with a comment records the comment', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    const created = (
      await sandbox.createRequest({ requestTypeId: '12', requestFieldValues: {} })
    )._unsafeUnwrap();
    await sandbox.performTransition({
      issueIdOrKey: created.issueKey,
      transitionId: '11',
      comment: 'Need a photo',
    });
    const [request] = sandbox.requests();
    expect(request?.status.status).toBe('Waiting for customer');
    expect(request?.comments.map((comment) => comment.body)).toEqual(['Need a photo']);
  });

  it('failNext fails the given number of calls, then works again', async () => {
    const sandbox = sandboxCaseSystem(contractSeed);
    sandbox.failNext('unavailable', 2);
    expect((await sandbox.listRequestTypes())._unsafeUnwrapErr().code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await sandbox.listRequestTypes())._unsafeUnwrapErr().code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await sandbox.listRequestTypes())._unsafeUnwrap()).toHaveLength(3);
    expect(() => sandbox.failNext('unavailable', 0)).toThrow(/^@affiliate-commerce\/core: failNext/);
  });

  it('a seeded workflow replaces the default one; a broken one is refused', async () => {
    const sandbox = sandboxCaseSystem({
      ...contractSeed,
      workflow: {
        initialStatus: 'Open',
        statuses: {
          Open: { category: 'NEW', transitions: [{ id: '5', name: 'Close', to: 'Closed' }] },
          Closed: { category: 'DONE', transitions: [] },
        },
      },
    });
    const created = (
      await sandbox.createRequest({ requestTypeId: '12', requestFieldValues: {} })
    )._unsafeUnwrap();
    expect(created.status.status).toBe('Open');
    expect((await sandbox.listTransitions({ issueIdOrKey: created.issueKey }))._unsafeUnwrap()).toEqual([
      { id: '5', name: 'Close' },
    ]);
    expect(() =>
      sandbox.seed({
        requestTypes: [],
        workflow: {
          initialStatus: 'Open',
          statuses: { Open: { category: 'NEW', transitions: [{ id: '1', name: 'x', to: 'Nowhere' }] } },
        },
      }),
    ).toThrow(TypeError);
  });
});
