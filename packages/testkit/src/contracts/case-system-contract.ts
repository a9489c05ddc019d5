import type { CaseSystem, DomainError } from '@affiliate-commerce/core';
import type { CaseSystemSeed } from '@affiliate-commerce/core/sandbox';
import type { ResultAsync } from 'neverthrow';
import { beforeEach, describe, expect, it } from 'vitest';

/**
 * What one run of the contract needs from an implementation.
 *
 * @example
 * const harness: CaseSystemHarness = { caseSystem, seed, failNext, requestCount: () => 0 };
 */
export interface CaseSystemHarness {
  readonly caseSystem: CaseSystem;
  /** Loads request types (and a workflow) into the implementation's backing store. */
  seed(seed: CaseSystemSeed): void | Promise<void>;
  /** Makes the next call reaching the case system fail as if it were down (a 503 for JSM). */
  failNext(): void;
  /** How many requests the backing store holds, to check that failures leave nothing behind. */
  requestCount(): number | Promise<number>;
}

/**
 * The fixture every implementation is seeded with: three request types (so a page size of two
 * forces paging), one with required, defaulted and select fields, one with no fields.
 *
 * @example
 * harness.seed(contractSeed);
 */
export const contractSeed: CaseSystemSeed = {
  requestTypes: [
    {
      id: '10',
      name: 'Order problem',
      description: 'Something is wrong with an order',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        { fieldId: 'description', name: 'Description', required: false, defaultValues: [], validValues: [] },
        {
          fieldId: 'customfield_10050',
          name: 'Order number',
          required: true,
          defaultValues: [{ value: '{{order.id}}', label: '{{order.id}}' }],
          validValues: [],
        },
        {
          fieldId: 'customfield_10060',
          name: 'Reason',
          required: false,
          defaultValues: [],
          validValues: [
            { value: '10100', label: 'Damaged' },
            { value: '10101', label: 'Late' },
          ],
          schema: { type: 'option', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:select' },
        },
      ],
    },
    {
      id: '11',
      name: 'General question',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        { fieldId: 'description', name: 'Description', required: false, defaultValues: [], validValues: [] },
      ],
    },
    { id: '12', name: 'Feedback', fields: [] },
  ],
};

async function ok<T>(result: ResultAsync<T, DomainError>): Promise<T> {
  const settled = await result;
  if (settled.isErr())
    throw new Error(`expected success, got ${settled.error.code}: ${settled.error.message}`);
  return settled.value;
}

async function fails<T>(result: ResultAsync<T, DomainError>): Promise<DomainError> {
  const settled = await result;
  if (settled.isOk()) throw new Error(`expected a failure, got ${JSON.stringify(settled.value)}`);
  return settled.error;
}

/**
 * The case-system contract, written once and run against every implementation (the sandbox,
 * and JSM behind a fake JSM server). `setup` is called before each test and returns a fresh
 * implementation; the contract seeds it with {@link contractSeed}.
 *
 * @example
 * caseSystemContract('sandbox', () => {
 *   const sandbox = sandboxCaseSystem();
 *   return { caseSystem: sandbox, seed: sandbox.seed, failNext: () => sandbox.failNext('unavailable'),
 *     requestCount: () => sandbox.requests().length };
 * });
 */
export function caseSystemContract(
  name: string,
  setup: () => CaseSystemHarness | Promise<CaseSystemHarness>,
): void {
  describe(`case-system contract: ${name}`, () => {
    let harness: CaseSystemHarness;
    let cases: CaseSystem;

    beforeEach(async () => {
      harness = await setup();
      await harness.seed(contractSeed);
      cases = harness.caseSystem;
    });

    const createOrderProblem = () =>
      ok(
        cases.createRequest({
          requestTypeId: '10',
          requestFieldValues: { summary: 'Parcel arrived damaged', customfield_10050: 'ord_1' },
        }),
      );

    it('4.8 lists every request type, all pages, with id and name', async () => {
      const types = await ok(cases.listRequestTypes());
      expect(types.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: '10', name: 'Order problem' },
        { id: '11', name: 'General question' },
        { id: '12', name: 'Feedback' },
      ]);
      expect(types[0]?.description).toBe('Something is wrong with an order');
    });

    it('4.8 lists a request type’s fields with fieldId, name, required, defaultValues and validValues', async () => {
      const fields = await ok(cases.listRequestTypeFields({ requestTypeId: '10' }));
      expect(fields.map((field) => field.fieldId)).toEqual([
        'summary',
        'description',
        'customfield_10050',
        'customfield_10060',
      ]);
      expect(fields[2]).toMatchObject({
        name: 'Order number',
        required: true,
        defaultValues: [{ value: '{{order.id}}', label: '{{order.id}}' }],
        validValues: [],
      });
      expect(fields[3]?.validValues).toEqual([
        { value: '10100', label: 'Damaged' },
        { value: '10101', label: 'Late' },
      ]);
      expect(fields[3]?.schema?.type).toBe('option');
      expect(await ok(cases.listRequestTypeFields({ requestTypeId: '12' }))).toEqual([]);
    });

    it('4.1 fields of an unknown request type are NOT_FOUND', async () => {
      expect((await fails(cases.listRequestTypeFields({ requestTypeId: '999' }))).code).toBe('NOT_FOUND');
    });

    it('4.1 creates a request with an id, a key and the initial status', async () => {
      const created = await createOrderProblem();
      expect(created.issueId).toMatch(/^\d+$/);
      expect(created.issueKey).toMatch(/^[A-Z][A-Z0-9]*-\d+$/);
      expect(created.requestTypeId).toBe('10');
      expect(created.status).toMatchObject({ status: 'Waiting for support', statusCategory: 'NEW' });
      expect(Number.isNaN(Date.parse(created.createdDate))).toBe(false);
      expect(await ok(cases.getRequestStatus({ issueIdOrKey: created.issueKey }))).toMatchObject({
        status: 'Waiting for support',
      });
      expect(await harness.requestCount()).toBe(1);
    });

    it('4.1 a request type with no fields takes an empty set of values', async () => {
      const created = await ok(cases.createRequest({ requestTypeId: '12', requestFieldValues: {} }));
      expect(created.requestTypeId).toBe('12');
    });

    it('4.1 creating with an unknown request type is NOT_FOUND and creates nothing', async () => {
      const error = await fails(
        cases.createRequest({ requestTypeId: '999', requestFieldValues: { summary: 'x' } }),
      );
      expect(error.code).toBe('NOT_FOUND');
      expect(await harness.requestCount()).toBe(0);
    });

    it('4.1 a missing required field is INVALID_FIELD on requestFieldValues and creates nothing', async () => {
      const error = await fails(
        cases.createRequest({ requestTypeId: '10', requestFieldValues: { summary: 'x' } }),
      );
      expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'requestFieldValues' });
      expect(await harness.requestCount()).toBe(0);
    });

    it('4.1 a case system that is down gives UPSTREAM_UNAVAILABLE and creates nothing', async () => {
      harness.failNext();
      const error = await fails(
        cases.createRequest({
          requestTypeId: '10',
          requestFieldValues: { summary: 'x', customfield_10050: 'ord_1' },
        }),
      );
      expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(await harness.requestCount()).toBe(0);
      expect((await createOrderProblem()).issueKey).toBeTruthy();
    });

    it('4.8 listing request types while the case system is down is UPSTREAM_UNAVAILABLE', async () => {
      harness.failNext();
      expect((await fails(cases.listRequestTypes())).code).toBe('UPSTREAM_UNAVAILABLE');
    });

    it('2.3 a comment comes back raw with its own id and body, public', async () => {
      const created = await createOrderProblem();
      const first = await ok(
        cases.addComment({ issueIdOrKey: created.issueKey, body: 'Hello', public: true }),
      );
      const second = await ok(
        cases.addComment({ issueIdOrKey: created.issueId, body: 'Again', public: true }),
      );
      expect(first).toMatchObject({ body: 'Hello', public: true });
      expect(typeof first.id).toBe('string');
      expect(second.id).not.toBe(first.id);
      expect(second.body).toBe('Again');
    });

    it('2.3 commenting on an unknown request is NOT_FOUND', async () => {
      const error = await fails(cases.addComment({ issueIdOrKey: 'SUP-999', body: 'Hello', public: true }));
      expect(error.code).toBe('NOT_FOUND');
    });

    it('2.3 commenting while the case system is down is UPSTREAM_UNAVAILABLE', async () => {
      const created = await createOrderProblem();
      harness.failNext();
      const error = await fails(
        cases.addComment({ issueIdOrKey: created.issueKey, body: 'Hello', public: true }),
      );
      expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    });

    it('2.3 an uploaded file attaches to a request, alone or with a comment', async () => {
      const created = await createOrderProblem();
      const data = new TextEncoder().encode('label photo');
      const upload = await ok(
        cases.attachTemporaryFile({ filename: 'label.png', contentType: 'image/png', data }),
      );
      expect(upload.temporaryAttachmentIds).toHaveLength(1);
      const alone = await ok(
        cases.attachToRequest({
          issueIdOrKey: created.issueKey,
          temporaryAttachmentIds: upload.temporaryAttachmentIds,
          public: true,
        }),
      );
      expect(alone.attachments).toHaveLength(1);
      expect(alone.attachments[0]).toMatchObject({
        filename: 'label.png',
        mimeType: 'image/png',
        size: data.length,
      });
      expect(alone.comment).toBeUndefined();

      const again = await ok(
        cases.attachTemporaryFile({ filename: 'receipt.pdf', contentType: 'application/pdf', data }),
      );
      const withComment = await ok(
        cases.attachToRequest({
          issueIdOrKey: created.issueKey,
          temporaryAttachmentIds: again.temporaryAttachmentIds,
          public: true,
          comment: 'Receipt attached',
        }),
      );
      expect(withComment.attachments[0]?.filename).toBe('receipt.pdf');
      expect(withComment.comment).toMatchObject({ body: 'Receipt attached' });
      expect(typeof withComment.comment?.id).toBe('string');
    });

    it('2.3 attaching to an unknown request is NOT_FOUND', async () => {
      const upload = await ok(
        cases.attachTemporaryFile({
          filename: 'a.txt',
          contentType: 'text/plain',
          data: new Uint8Array([65]),
        }),
      );
      const error = await fails(
        cases.attachToRequest({
          issueIdOrKey: 'SUP-999',
          temporaryAttachmentIds: upload.temporaryAttachmentIds,
          public: true,
        }),
      );
      expect(error.code).toBe('NOT_FOUND');
    });

    it('2.3 transitions move the request and change what comes next', async () => {
      const created = await createOrderProblem();
      const transitions = await ok(cases.listTransitions({ issueIdOrKey: created.issueKey }));
      expect(transitions).toEqual([
        { id: '11', name: 'Wait for customer' },
        { id: '21', name: 'Resolve this issue' },
      ]);
      const done = await ok(
        cases.performTransition({
          issueIdOrKey: created.issueKey,
          transitionId: '21',
          comment: 'Refund issued',
        }),
      );
      expect(done).toEqual({ transitionId: '21' });
      expect(await ok(cases.getRequestStatus({ issueIdOrKey: created.issueKey }))).toMatchObject({
        status: 'Resolved',
        statusCategory: 'DONE',
      });
      expect(await ok(cases.listTransitions({ issueIdOrKey: created.issueKey }))).toEqual([
        { id: '41', name: 'Reopen' },
      ]);
    });

    it('2.3 a transition not available from the current status is INVALID_FIELD and changes nothing', async () => {
      const created = await createOrderProblem();
      const error = await fails(
        cases.performTransition({ issueIdOrKey: created.issueKey, transitionId: '41' }),
      );
      expect(error).toMatchObject({ code: 'INVALID_FIELD', field: 'transitionId' });
      expect((await ok(cases.getRequestStatus({ issueIdOrKey: created.issueKey }))).status).toBe(
        'Waiting for support',
      );
    });

    it('2.3 status and transitions of an unknown request are NOT_FOUND', async () => {
      expect((await fails(cases.getRequestStatus({ issueIdOrKey: 'SUP-999' }))).code).toBe('NOT_FOUND');
      expect((await fails(cases.listTransitions({ issueIdOrKey: 'SUP-999' }))).code).toBe('NOT_FOUND');
      expect(
        (await fails(cases.performTransition({ issueIdOrKey: 'SUP-999', transitionId: '21' }))).code,
      ).toBe('NOT_FOUND');
    });
  });
}
