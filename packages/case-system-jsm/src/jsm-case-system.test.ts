import { contractSeed } from '@affiliate-commerce/testkit';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsmCaseSystem } from './jsm-case-system';
import { credentials, fails, jsmAgainstFake, ok, site } from './jsm-harness.test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const orderProblem = {
  requestTypeId: '10',
  requestFieldValues: { summary: 'Parcel arrived damaged', customfield_10050: 'ord_1' },
};

describe('jsmCaseSystem: requests JSM as documented', () => {
  it('4.8 follows the paged envelope to the last page with start and limit', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    const many = Array.from({ length: 5 }, (_, i) => ({ id: String(20 + i), name: `Type ${i}`, fields: [] }));
    fake.seed({ requestTypes: many });
    const types = await ok(caseSystem.listRequestTypes());
    expect(types.map((type) => type.id)).toEqual(['20', '21', '22', '23', '24']);
    expect(fake.calls.map((call) => call.url.pathname)).toEqual(
      Array(3).fill('/rest/servicedeskapi/servicedesk/4/requesttype'),
    );
    expect(fake.calls.map((call) => call.url.searchParams.get('start'))).toEqual(['0', '2', '4']);
    expect(fake.calls.every((call) => call.url.searchParams.get('limit') === '50')).toBe(true);
  });

  it('4.8 sends basic auth of email:apiToken and Accept: application/json on every call', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const created = await ok(caseSystem.createRequest(orderProblem));
    await ok(caseSystem.addComment({ issueIdOrKey: created.issueKey, body: 'Hi', public: true }));
    const expected = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`;
    expect(fake.calls).toHaveLength(2);
    for (const call of fake.calls) {
      expect(call.headers.get('Authorization')).toBe(expected);
      expect(call.headers.get('Accept')).toBe('application/json');
    }
    expect(fake.calls[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('4.1 posts serviceDeskId, requestTypeId, requestFieldValues and raiseOnBehalfOf; reads the portal link', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const created = await ok(
      caseSystem.createRequest({ ...orderProblem, raiseOnBehalfOf: 'customer@example.com' }),
    );
    expect(created).toEqual({
      issueId: '10001',
      issueKey: 'SUP-1',
      requestTypeId: '10',
      serviceDeskId: '4',
      createdDate: '2027-03-01T10:00:00.000Z',
      status: {
        status: 'Waiting for support',
        statusCategory: 'NEW',
        statusDate: '2027-03-01T10:00:00.000Z',
      },
      webUrl: `${site}/servicedesk/customer/portal/4/SUP-1`,
    });
  });

  it('4.1 a JSM 400 on create is INVALID_FIELD on requestFieldValues, carrying JSM’s reason', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const error = await fails(
      caseSystem.createRequest({ requestTypeId: '10', requestFieldValues: { summary: 'x' } }),
    );
    expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'requestFieldValues' });
    expect(error.message).toContain('customfield_10050');
  });

  it('2.3 uploads the file as the multipart part "file" with X-Atlassian-Token: no-check', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const created = await ok(caseSystem.createRequest(orderProblem));
    const data = new TextEncoder().encode('%PDF-1.7 receipt');
    const upload = await ok(
      caseSystem.attachTemporaryFile({ filename: 'receipt.pdf', contentType: 'application/pdf', data }),
    );
    const call = fake.calls[1]!;
    expect(call.url.pathname).toBe('/rest/servicedeskapi/servicedesk/4/attachTemporaryFile');
    expect(call.headers.get('X-Atlassian-Token')).toBe('no-check');
    expect(call.headers.get('X-ExperimentalApi')).toBe('opt-in');
    expect(call.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.temporaryAttachmentIds[0]).toMatch(/^temp\d+$/);
    const attached = await ok(
      caseSystem.attachToRequest({
        issueIdOrKey: created.issueKey,
        temporaryAttachmentIds: upload.temporaryAttachmentIds,
        public: true,
      }),
    );
    expect(attached.attachments[0]).toMatchObject({
      filename: 'receipt.pdf',
      mimeType: 'application/pdf',
      size: data.length,
    });
  });

  it('2.3 the comment passes through raw, with JSM’s author, dates and links', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const created = await ok(caseSystem.createRequest(orderProblem));
    const comment = await ok(
      caseSystem.addComment({ issueIdOrKey: created.issueKey, body: 'On its way', public: true }),
    );
    expect(comment).toEqual(fake.commentsOf(created.issueKey)[0]);
    expect(comment).toMatchObject({
      body: 'On its way',
      public: true,
      author: { displayName: 'Support Bot' },
      created: { epochMillis: Date.UTC(2027, 2, 1, 10) },
      _links: { self: expect.stringContaining(`/comment/${comment.id}`) },
    });
  });

  it('2.3 a transition posts its id and the comment as additionalComment', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const created = await ok(caseSystem.createRequest(orderProblem));
    await ok(
      caseSystem.performTransition({
        issueIdOrKey: created.issueId,
        transitionId: '11',
        comment: 'Need a photo',
      }),
    );
    expect(fake.commentsOf(created.issueKey)).toMatchObject([{ body: 'Need a photo', public: true }]);
  });

  it('uses the injected fetch', async () => {
    const { fake } = jsmAgainstFake(server);
    fake.seed(contractSeed);
    const seen: string[] = [];
    const caseSystem = jsmCaseSystem({
      baseUrl: `${site}/`,
      serviceDeskId: '4',
      ...credentials,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await ok(caseSystem.listRequestTypeFields({ requestTypeId: '12' }))).toEqual([]);
    expect(seen).toEqual([`${site}/rest/servicedeskapi/servicedesk/4/requesttype/12/field`]);
  });

  it('encodes ids into one path segment', async () => {
    const { fake, caseSystem } = jsmAgainstFake(server);
    const error = await fails(caseSystem.getRequestStatus({ issueIdOrKey: '../servicedesk/4' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(fake.calls[0]?.url.pathname).toBe('/rest/servicedeskapi/request/..%2Fservicedesk%2F4');
    expect((await fails(caseSystem.addComment({ issueIdOrKey: ' ', body: 'x', public: true }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('throws a TypeError naming the package for unusable options', () => {
    const valid = { baseUrl: site, serviceDeskId: '4', ...credentials };
    expect(() => jsmCaseSystem({ ...valid, baseUrl: 'example-desk.atlassian.net' })).toThrow(
      /^@affiliate-commerce\/case-system-jsm: baseUrl/,
    );
    expect(() => jsmCaseSystem({ ...valid, baseUrl: 'ftp://example.com' })).toThrow(TypeError);
    expect(() => jsmCaseSystem({ ...valid, apiToken: '' })).toThrow(/apiToken is required/);
    expect(() => jsmCaseSystem({ ...valid, maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => jsmCaseSystem({ ...valid, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});
