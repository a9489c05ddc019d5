import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { type DomainError, invalidField, notFound, upstreamUnavailable } from '../../base/errors';
import { type Clock, systemClock } from '../clock';
import type {
  CaseAttachment,
  CaseComment,
  CaseRequest,
  CaseRequestType,
  CaseStatus,
  CaseSystem,
} from './case-system';
import {
  assertWorkflow,
  type CaseRequestTypeSeed,
  type CaseSystemSeed,
  type CaseWorkflow,
  defaultCaseWorkflow,
  fieldValuesProblem,
} from './case-system-seed';

const owner = '@affiliate-commerce/core';

/**
 * Options of {@link sandboxCaseSystem}.
 *
 * @example
 * sandboxCaseSystem({ projectKey: 'HELP', clock: { now: () => new Date('2027-03-01T10:00:00Z') } });
 */
export interface SandboxCaseSystemOptions extends Partial<CaseSystemSeed> {
  /** Prefix of issue keys (`SUP-1`). */
  readonly projectKey?: string;
  readonly serviceDeskId?: string;
  /** Base of the portal links put in `webUrl`. */
  readonly portalUrl?: string;
  readonly clock?: Clock;
}

/**
 * A request the sandbox holds, for tests to inspect.
 *
 * @example
 * const [first]: readonly SandboxRequest[] = sandbox.requests();
 */
export interface SandboxRequest extends CaseRequest {
  readonly requestFieldValues: Readonly<Record<string, unknown>>;
  readonly raiseOnBehalfOf?: string;
  readonly comments: readonly CaseComment[];
  readonly attachments: readonly CaseAttachment[];
}

/**
 * The sandbox case system: the port plus controls for tests and the demo.
 *
 * @example
 * const cases = sandboxCaseSystem({ requestTypes: [{ id: '10', name: 'Question', fields: [] }] });
 * cases.failNext('unavailable');
 */
export interface SandboxCaseSystem extends CaseSystem {
  /** Adds request types (replacing any with the same id) and, when given, replaces the workflow. */
  seed(seed: CaseSystemSeed): void;
  /** Makes the next `times` calls fail as if the case system were down; they change nothing. */
  failNext(reason: 'unavailable', times?: number): void;
  /** Every request created so far, oldest first, with its comments and attachments. */
  requests(): readonly SandboxRequest[];
}

interface MutableRequest {
  readonly request: CaseRequest;
  readonly requestFieldValues: Readonly<Record<string, unknown>>;
  readonly raiseOnBehalfOf?: string;
  status: CaseStatus;
  readonly comments: CaseComment[];
  readonly attachments: CaseAttachment[];
}

interface TemporaryFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

/**
 * A stateful, in-memory case system that behaves like Jira Service Management: request types
 * with fields, created requests with sequential ids and keys, comments with ids, single-use
 * temporary files, attachments, and transitions that change the status. For tests and the demo.
 *
 * @example
 * const cases = sandboxCaseSystem({ requestTypes: [{ id: '10', name: 'Question', fields: [] }] });
 * const created = await cases.createRequest({ requestTypeId: '10', requestFieldValues: {} });
 */
export function sandboxCaseSystem(options: SandboxCaseSystemOptions = {}): SandboxCaseSystem {
  const projectKey = options.projectKey ?? 'SUP';
  const serviceDeskId = options.serviceDeskId ?? '1';
  const portalUrl = (options.portalUrl ?? 'https://sandbox.case-system.invalid').replace(/\/+$/, '');
  const clock = options.clock ?? systemClock();
  const requestTypes = new Map<string, CaseRequestTypeSeed>();
  const requests: MutableRequest[] = [];
  const temporaryFiles = new Map<string, TemporaryFile>();
  let workflow: CaseWorkflow = defaultCaseWorkflow;
  let failures = 0;
  let counter = 0;

  const seed = (input: CaseSystemSeed): void => {
    if (input.workflow) {
      assertWorkflow(input.workflow, owner);
      workflow = input.workflow;
    }
    for (const type of input.requestTypes) requestTypes.set(type.id, type);
  };
  seed({
    requestTypes: options.requestTypes ?? [],
    ...(options.workflow ? { workflow: options.workflow } : {}),
  });

  const nextId = (): number => {
    counter += 1;
    return counter;
  };
  const stamp = () => {
    const now = clock.now();
    return { iso8601: now.toISOString(), epochMillis: now.getTime() };
  };
  const statusNamed = (name: string): CaseStatus => ({
    status: name,
    statusCategory: workflow.statuses[name]?.category ?? 'UNDEFINED',
    statusDate: clock.now().toISOString(),
  });
  const find = (issueIdOrKey: string): MutableRequest | undefined =>
    requests.find(
      (entry) =>
        entry.request.issueId === issueIdOrKey || entry.request.issueKey === issueIdOrKey.toUpperCase(),
    );
  const makeComment = (body: string, isPublic: boolean): CaseComment => ({
    id: String(20_000 + nextId()),
    body,
    public: isPublic,
    author: { accountId: 'sandbox-agent', displayName: 'Sandbox agent' },
    created: stamp(),
  });

  // Every method passes through here first, so a queued failure changes nothing.
  const guard = <T>(run: () => ResultAsync<T, DomainError>): ResultAsync<T, DomainError> => {
    if (failures > 0) {
      failures -= 1;
      return errAsync(upstreamUnavailable('case system', new Error('sandbox case system: failNext')));
    }
    return run();
  };
  const withRequest = <T>(
    issueIdOrKey: string,
    run: (entry: MutableRequest) => ResultAsync<T, DomainError>,
  ): ResultAsync<T, DomainError> =>
    guard(() => {
      const entry = find(issueIdOrKey);
      return entry ? run(entry) : errAsync(notFound('request'));
    });

  return {
    seed,
    failNext(reason, times = 1) {
      if (reason !== 'unavailable' || !Number.isInteger(times) || times < 1) {
        throw new TypeError(`${owner}: failNext takes 'unavailable' and a positive whole number of calls`);
      }
      failures += times;
    },
    requests: () =>
      requests.map((entry) => ({
        ...entry.request,
        status: entry.status,
        requestFieldValues: entry.requestFieldValues,
        ...(entry.raiseOnBehalfOf !== undefined ? { raiseOnBehalfOf: entry.raiseOnBehalfOf } : {}),
        comments: [...entry.comments],
        attachments: [...entry.attachments],
      })),

    listRequestTypes: () =>
      guard(() =>
        okAsync([...requestTypes.values()].map(({ fields: _fields, ...type }): CaseRequestType => type)),
      ),

    listRequestTypeFields: ({ requestTypeId }) =>
      guard(() => {
        const type = requestTypes.get(requestTypeId);
        return type ? okAsync(type.fields) : errAsync(notFound('request type'));
      }),

    createRequest: ({ requestTypeId, requestFieldValues, raiseOnBehalfOf }) =>
      guard(() => {
        const type = requestTypes.get(requestTypeId);
        if (!type) return errAsync(notFound('request type'));
        const problem = fieldValuesProblem(type.fields, requestFieldValues);
        if (problem) return errAsync(invalidField('requestFieldValues', problem));
        const number = requests.length + 1;
        const issueKey = `${projectKey}-${number}`;
        const request: CaseRequest = {
          issueId: String(10_000 + number),
          issueKey,
          requestTypeId,
          serviceDeskId,
          createdDate: clock.now().toISOString(),
          status: statusNamed(workflow.initialStatus),
          webUrl: `${portalUrl}/servicedesk/customer/portal/${serviceDeskId}/${issueKey}`,
        };
        requests.push({
          request,
          requestFieldValues: { ...requestFieldValues },
          ...(raiseOnBehalfOf !== undefined ? { raiseOnBehalfOf } : {}),
          status: request.status,
          comments: [],
          attachments: [],
        });
        return okAsync(request);
      }),

    addComment: ({ issueIdOrKey, body, public: isPublic }) =>
      withRequest(issueIdOrKey, (entry) => {
        if (body.trim() === '') return errAsync(invalidField('body', 'must not be empty'));
        const comment = makeComment(body, isPublic);
        entry.comments.push(comment);
        return okAsync(comment);
      }),

    attachTemporaryFile: ({ filename, contentType, data }) =>
      guard(() => {
        if (filename.trim() === '') return errAsync(invalidField('filename', 'must not be empty'));
        const id = `temp${900_000 + nextId()}`;
        temporaryFiles.set(id, { filename, contentType, size: data.byteLength });
        return okAsync({ temporaryAttachmentIds: [id] });
      }),

    attachToRequest: ({ issueIdOrKey, temporaryAttachmentIds, public: isPublic, comment }) =>
      withRequest(issueIdOrKey, (entry) => {
        // Check every id before consuming any, so a bad id attaches nothing.
        if (
          temporaryAttachmentIds.length === 0 ||
          !temporaryAttachmentIds.every((id) => temporaryFiles.has(id))
        ) {
          return errAsync(
            invalidField('temporaryAttachmentIds', 'must name uploaded temporary files, each used once'),
          );
        }
        const attachments = temporaryAttachmentIds.map((id): CaseAttachment => {
          const file = temporaryFiles.get(id)!;
          temporaryFiles.delete(id);
          return {
            filename: file.filename,
            mimeType: file.contentType,
            size: file.size,
            author: { accountId: 'sandbox-agent', displayName: 'Sandbox agent' },
            created: stamp(),
          };
        });
        entry.attachments.push(...attachments);
        if (comment === undefined) return okAsync({ attachments });
        const created = makeComment(comment, isPublic);
        entry.comments.push(created);
        return okAsync({ attachments, comment: created });
      }),

    listTransitions: ({ issueIdOrKey }) =>
      withRequest(issueIdOrKey, (entry) =>
        okAsync(
          (workflow.statuses[entry.status.status]?.transitions ?? []).map(({ id, name }) => ({ id, name })),
        ),
      ),

    performTransition: ({ issueIdOrKey, transitionId, comment }) =>
      withRequest(issueIdOrKey, (entry) => {
        const transition = workflow.statuses[entry.status.status]?.transitions.find(
          (t) => t.id === transitionId,
        );
        if (!transition) {
          return errAsync(
            invalidField('transitionId', 'is not a transition available from the current status'),
          );
        }
        entry.status = statusNamed(transition.to);
        if (comment !== undefined) entry.comments.push(makeComment(comment, true));
        return okAsync({ transitionId });
      }),

    getRequestStatus: ({ issueIdOrKey }) => withRequest(issueIdOrKey, (entry) => okAsync(entry.status)),
  };
}
