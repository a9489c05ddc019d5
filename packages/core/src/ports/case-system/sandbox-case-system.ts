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

/** What one sandbox holds: its settings, request types, requests, temporary files and counters. */
interface SandboxState {
  readonly projectKey: string;
  readonly serviceDeskId: string;
  readonly portalUrl: string;
  readonly clock: Clock;
  readonly requestTypes: Map<string, CaseRequestTypeSeed>;
  readonly requests: MutableRequest[];
  readonly temporaryFiles: Map<string, TemporaryFile>;
  workflow: CaseWorkflow;
  failures: number;
  counter: number;
}

function sandboxState(options: SandboxCaseSystemOptions): SandboxState {
  const state: SandboxState = {
    projectKey: options.projectKey ?? 'SUP',
    serviceDeskId: options.serviceDeskId ?? '1',
    portalUrl: (options.portalUrl ?? 'https://sandbox.case-system.invalid').replace(/\/+$/, ''),
    clock: options.clock ?? systemClock(),
    requestTypes: new Map(),
    requests: [],
    temporaryFiles: new Map(),
    workflow: defaultCaseWorkflow,
    failures: 0,
    counter: 0,
  };
  seedSandbox(state, {
    requestTypes: options.requestTypes ?? [],
    ...(options.workflow ? { workflow: options.workflow } : {}),
  });
  return state;
}

function seedSandbox(state: SandboxState, input: CaseSystemSeed): void {
  if (input.workflow) {
    assertWorkflow(input.workflow, owner);
    state.workflow = input.workflow;
  }
  for (const type of input.requestTypes) state.requestTypes.set(type.id, type);
}

function nextId(state: SandboxState): number {
  state.counter += 1;
  return state.counter;
}

function stamp(state: SandboxState) {
  const now = state.clock.now();
  return { iso8601: now.toISOString(), epochMillis: now.getTime() };
}

function statusNamed(state: SandboxState, name: string): CaseStatus {
  return {
    status: name,
    statusCategory: state.workflow.statuses[name]?.category ?? 'UNDEFINED',
    statusDate: state.clock.now().toISOString(),
  };
}

function findRequest(state: SandboxState, issueIdOrKey: string): MutableRequest | undefined {
  return state.requests.find(
    (entry) =>
      entry.request.issueId === issueIdOrKey || entry.request.issueKey === issueIdOrKey.toUpperCase(),
  );
}

function makeComment(state: SandboxState, body: string, isPublic: boolean): CaseComment {
  return {
    id: String(20_000 + nextId(state)),
    body,
    public: isPublic,
    author: { accountId: 'sandbox-agent', displayName: 'Sandbox agent' },
    created: stamp(state),
  };
}

// Every method passes through here first, so a queued failure changes nothing.
function guard<T>(state: SandboxState, run: () => ResultAsync<T, DomainError>): ResultAsync<T, DomainError> {
  if (state.failures > 0) {
    state.failures -= 1;
    return errAsync(upstreamUnavailable('case system', new Error('sandbox case system: failNext')));
  }
  return run();
}

function withRequest<T>(
  state: SandboxState,
  issueIdOrKey: string,
  run: (entry: MutableRequest) => ResultAsync<T, DomainError>,
): ResultAsync<T, DomainError> {
  return guard(state, () => {
    const entry = findRequest(state, issueIdOrKey);
    return entry ? run(entry) : errAsync(notFound('request'));
  });
}

/** The controls tests and the demo use: seed, queue failures, read every request. */
function sandboxControls(state: SandboxState): Pick<SandboxCaseSystem, 'seed' | 'failNext' | 'requests'> {
  return {
    seed: (input) => seedSandbox(state, input),
    failNext(reason, times = 1) {
      if (reason !== 'unavailable' || !Number.isInteger(times) || times < 1) {
        throw new TypeError(`${owner}: failNext takes 'unavailable' and a positive whole number of calls`);
      }
      state.failures += times;
    },
    requests: () =>
      state.requests.map((entry) => ({
        ...entry.request,
        status: entry.status,
        requestFieldValues: entry.requestFieldValues,
        ...(entry.raiseOnBehalfOf !== undefined ? { raiseOnBehalfOf: entry.raiseOnBehalfOf } : {}),
        comments: [...entry.comments],
        attachments: [...entry.attachments],
      })),
  };
}

/** Request types and their fields, and creating a request of one. */
function requestTypeMethods(
  state: SandboxState,
): Pick<CaseSystem, 'listRequestTypes' | 'listRequestTypeFields' | 'createRequest'> {
  return {
    listRequestTypes: () =>
      guard(state, () =>
        okAsync(
          [...state.requestTypes.values()].map(({ fields: _fields, ...type }): CaseRequestType => type),
        ),
      ),

    listRequestTypeFields: ({ requestTypeId }) =>
      guard(state, () => {
        const type = state.requestTypes.get(requestTypeId);
        return type ? okAsync(type.fields) : errAsync(notFound('request type'));
      }),

    createRequest: ({ requestTypeId, requestFieldValues, raiseOnBehalfOf }) =>
      guard(state, () => {
        const type = state.requestTypes.get(requestTypeId);
        if (!type) return errAsync(notFound('request type'));
        const problem = fieldValuesProblem(type.fields, requestFieldValues);
        if (problem) return errAsync(invalidField('requestFieldValues', problem));
        const number = state.requests.length + 1;
        const issueKey = `${state.projectKey}-${number}`;
        const request: CaseRequest = {
          issueId: String(10_000 + number),
          issueKey,
          requestTypeId,
          serviceDeskId: state.serviceDeskId,
          createdDate: state.clock.now().toISOString(),
          status: statusNamed(state, state.workflow.initialStatus),
          webUrl: `${state.portalUrl}/servicedesk/customer/portal/${state.serviceDeskId}/${issueKey}`,
        };
        state.requests.push({
          request,
          requestFieldValues: { ...requestFieldValues },
          ...(raiseOnBehalfOf !== undefined ? { raiseOnBehalfOf } : {}),
          status: request.status,
          comments: [],
          attachments: [],
        });
        return okAsync(request);
      }),
  };
}

/** Comments, single-use temporary files and attaching them to a request. */
function commentAndAttachmentMethods(
  state: SandboxState,
): Pick<CaseSystem, 'addComment' | 'attachTemporaryFile' | 'attachToRequest'> {
  return {
    addComment: ({ issueIdOrKey, body, public: isPublic }) =>
      withRequest(state, issueIdOrKey, (entry) => {
        if (body.trim() === '') return errAsync(invalidField('body', 'must not be empty'));
        const comment = makeComment(state, body, isPublic);
        entry.comments.push(comment);
        return okAsync(comment);
      }),

    attachTemporaryFile: ({ filename, contentType, data }) =>
      guard(state, () => {
        if (filename.trim() === '') return errAsync(invalidField('filename', 'must not be empty'));
        const id = `temp${900_000 + nextId(state)}`;
        state.temporaryFiles.set(id, { filename, contentType, size: data.byteLength });
        return okAsync({ temporaryAttachmentIds: [id] });
      }),

    attachToRequest: ({ issueIdOrKey, temporaryAttachmentIds, public: isPublic, comment }) =>
      withRequest(state, issueIdOrKey, (entry) => {
        // Check every id before consuming any, so a bad id attaches nothing.
        if (
          temporaryAttachmentIds.length === 0 ||
          !temporaryAttachmentIds.every((id) => state.temporaryFiles.has(id))
        ) {
          return errAsync(
            invalidField('temporaryAttachmentIds', 'must name uploaded temporary files, each used once'),
          );
        }
        const attachments = temporaryAttachmentIds.map((id): CaseAttachment => {
          const file = state.temporaryFiles.get(id)!;
          state.temporaryFiles.delete(id);
          return {
            filename: file.filename,
            mimeType: file.contentType,
            size: file.size,
            author: { accountId: 'sandbox-agent', displayName: 'Sandbox agent' },
            created: stamp(state),
          };
        });
        entry.attachments.push(...attachments);
        if (comment === undefined) return okAsync({ attachments });
        const created = makeComment(state, comment, isPublic);
        entry.comments.push(created);
        return okAsync({ attachments, comment: created });
      }),
  };
}

/** The workflow: the transitions open from a request's status, taking one, and the status. */
function transitionMethods(
  state: SandboxState,
): Pick<CaseSystem, 'listTransitions' | 'performTransition' | 'getRequestStatus'> {
  return {
    listTransitions: ({ issueIdOrKey }) =>
      withRequest(state, issueIdOrKey, (entry) =>
        okAsync(
          (state.workflow.statuses[entry.status.status]?.transitions ?? []).map(({ id, name }) => ({
            id,
            name,
          })),
        ),
      ),

    performTransition: ({ issueIdOrKey, transitionId, comment }) =>
      withRequest(state, issueIdOrKey, (entry) => {
        const transition = state.workflow.statuses[entry.status.status]?.transitions.find(
          (t) => t.id === transitionId,
        );
        if (!transition) {
          return errAsync(
            invalidField('transitionId', 'is not a transition available from the current status'),
          );
        }
        entry.status = statusNamed(state, transition.to);
        if (comment !== undefined) entry.comments.push(makeComment(state, comment, true));
        return okAsync({ transitionId });
      }),

    getRequestStatus: ({ issueIdOrKey }) =>
      withRequest(state, issueIdOrKey, (entry) => okAsync(entry.status)),
  };
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
  const state = sandboxState(options);
  return {
    ...sandboxControls(state),
    ...requestTypeMethods(state),
    ...commentAndAttachmentMethods(state),
    ...transitionMethods(state),
  };
}
