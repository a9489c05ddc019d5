import type { CaseSystem, DomainError } from '@affiliate-commerce/core';
import { notFound } from '@affiliate-commerce/core/http';
import { errAsync, type ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import { basicAuthorization } from './basic-auth';
import { type JsmCall, jsmHttp } from './jsm-http';
import { allPages } from './jsm-paging';
import {
  attachmentCreateResultSchema,
  commentSchema,
  customerRequestSchema,
  parseAnswer,
  requestTypeFieldsSchema,
  requestTypeSchema,
  temporaryAttachmentsSchema,
  transitionSchema,
} from './jsm-schemas';

const owner = '@affiliate-commerce/case-system-jsm';

/**
 * Options of {@link jsmCaseSystem}.
 *
 * @example
 * const options: JsmCaseSystemOptions = {
 *   baseUrl: 'https://your-domain.atlassian.net', email: 'bot@example.com', apiToken: 'token', serviceDeskId: '4',
 * };
 */
export interface JsmCaseSystemOptions {
  /** The site, such as `https://your-domain.atlassian.net`. */
  readonly baseUrl: string;
  /** Email of the Atlassian account the API token belongs to. */
  readonly email: string;
  readonly apiToken: string;
  /** The service desk (project) whose request types and requests this port works on. */
  readonly serviceDeskId: string;
  /** The fetch to use; the global one when omitted. */
  readonly fetch?: typeof fetch;
  /** Retries after a 429 (or a 503 with Retry-After) before giving up; 3 by default. */
  readonly maxRetries?: number;
  /** Time-out of each attempt in milliseconds; 10,000 by default. */
  readonly timeoutMs?: number;
  /** Waits between retries; injectable so that tests need not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Source of back-off jitter in [0, 1); `Math.random` by default. */
  readonly random?: () => number;
}

/**
 * The case-system port on the Jira Service Management Cloud REST API (`/rest/servicedeskapi`),
 * with basic auth (account email and API token), JSM's paged lists read to the end, 429 answers
 * honoured with bounded retries, and 5xx, time-outs and network errors as UPSTREAM_UNAVAILABLE.
 *
 * @example
 * const caseSystem = jsmCaseSystem({
 *   baseUrl: 'https://your-domain.atlassian.net',
 *   email: 'support-bot@example.com',
 *   apiToken: process.env.JSM_API_TOKEN!,
 *   serviceDeskId: '4',
 * });
 * const types = await caseSystem.listRequestTypes();
 */
export function jsmCaseSystem(options: JsmCaseSystemOptions): CaseSystem {
  const settings = checkOptions(options);
  const api: JsmApi = {
    send: jsmHttp({
      baseUrl: settings.baseUrl,
      authorization: basicAuthorization(options.email, options.apiToken),
      fetch: options.fetch,
      maxRetries: settings.maxRetries,
      timeoutMs: settings.timeoutMs,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: options.random ?? Math.random,
    }),
    desk: `servicedesk/${encodeURIComponent(options.serviceDeskId)}`,
    serviceDeskId: options.serviceDeskId,
  };
  return {
    ...requestTypeCalls(api),
    ...commentAndAttachmentCalls(api),
    ...transitionCalls(api),
  };
}

/** The service desk a port works on, and how it sends a call there. */
interface JsmApi {
  readonly send: (call: JsmCall) => ResultAsync<unknown, DomainError>;
  /** The path of the service desk, `servicedesk/<id>`. */
  readonly desk: string;
  readonly serviceDeskId: string;
}

function answer<T>(
  api: JsmApi,
  call: JsmCall,
  schema: z.ZodType<T>,
  what: string,
): ResultAsync<T, DomainError> {
  return api.send(call).andThen((body) => parseAnswer(schema, body, what));
}

// An empty id would address a different JSM resource; it names no request, so it is not found.
function onRequest<T>(
  issueIdOrKey: string,
  run: (path: string) => ResultAsync<T, DomainError>,
): ResultAsync<T, DomainError> {
  return issueIdOrKey.trim() === ''
    ? errAsync(notFound('request'))
    : run(`request/${encodeURIComponent(issueIdOrKey)}`);
}

/** The desk's request types, their fields, and creating a request. */
function requestTypeCalls(
  api: JsmApi,
): Pick<CaseSystem, 'listRequestTypes' | 'listRequestTypeFields' | 'createRequest'> {
  return {
    listRequestTypes: () =>
      allPages(
        api.send,
        { method: 'GET', path: `${api.desk}/requesttype` },
        requestTypeSchema,
        'request type',
      ),

    listRequestTypeFields: ({ requestTypeId }) =>
      requestTypeId.trim() === ''
        ? errAsync(notFound('request type'))
        : answer(
            api,
            {
              method: 'GET',
              path: `${api.desk}/requesttype/${encodeURIComponent(requestTypeId)}/field`,
              notFound: 'request type',
            },
            requestTypeFieldsSchema,
            'request type fields',
          ),

    createRequest: ({ requestTypeId, requestFieldValues, raiseOnBehalfOf }) =>
      answer(
        api,
        {
          method: 'POST',
          path: 'request',
          json: {
            serviceDeskId: api.serviceDeskId,
            requestTypeId,
            requestFieldValues,
            ...(raiseOnBehalfOf !== undefined ? { raiseOnBehalfOf } : {}),
          },
          notFound: 'request type',
          badRequestField: 'requestFieldValues',
        },
        customerRequestSchema,
        'request',
      ),
  };
}

/** Comments on a request, temporary files and attaching them to a request. */
function commentAndAttachmentCalls(
  api: JsmApi,
): Pick<CaseSystem, 'addComment' | 'attachTemporaryFile' | 'attachToRequest'> {
  return {
    addComment: ({ issueIdOrKey, body, public: isPublic }) =>
      onRequest(issueIdOrKey, (path) =>
        answer(
          api,
          {
            method: 'POST',
            path: `${path}/comment`,
            json: { body, public: isPublic },
            notFound: 'request',
            badRequestField: 'body',
          },
          commentSchema,
          'comment',
        ),
      ),

    attachTemporaryFile: ({ filename, contentType, data }) => {
      const form = new FormData();
      // Copied so the Blob owns a plain ArrayBuffer whatever backs the caller's view.
      form.append('file', new Blob([new Uint8Array(data)], { type: contentType }), filename);
      return answer(
        api,
        {
          method: 'POST',
          path: `${api.desk}/attachTemporaryFile`,
          form,
          // Multipart posts pass Atlassian's XSRF check only with no-check; the resource is experimental.
          headers: { 'X-Atlassian-Token': 'no-check', 'X-ExperimentalApi': 'opt-in' },
          badRequestField: 'file',
        },
        temporaryAttachmentsSchema,
        'temporary attachments',
      ).map((temporaryAttachmentIds) => ({ temporaryAttachmentIds }));
    },

    attachToRequest: ({ issueIdOrKey, temporaryAttachmentIds, public: isPublic, comment }) =>
      onRequest(issueIdOrKey, (path) =>
        answer(
          api,
          {
            method: 'POST',
            path: `${path}/attachment`,
            json: {
              temporaryAttachmentIds,
              public: isPublic,
              ...(comment !== undefined ? { additionalComment: { body: comment } } : {}),
            },
            notFound: 'request',
            badRequestField: 'temporaryAttachmentIds',
          },
          attachmentCreateResultSchema,
          'attachment result',
        ).map((result) => ({
          attachments: result.attachments.values,
          ...(result.comment ? { comment: result.comment } : {}),
        })),
      ),
  };
}

/** A request's transitions, taking one, and its status. */
function transitionCalls(
  api: JsmApi,
): Pick<CaseSystem, 'listTransitions' | 'performTransition' | 'getRequestStatus'> {
  return {
    listTransitions: ({ issueIdOrKey }) =>
      onRequest(issueIdOrKey, (path) =>
        allPages(
          api.send,
          { method: 'GET', path: `${path}/transition`, notFound: 'request' },
          transitionSchema,
          'transition',
        ),
      ),

    performTransition: ({ issueIdOrKey, transitionId, comment }) =>
      onRequest(issueIdOrKey, (path) =>
        api
          .send({
            method: 'POST',
            path: `${path}/transition`,
            json: {
              id: transitionId,
              ...(comment !== undefined ? { additionalComment: { body: comment } } : {}),
            },
            notFound: 'request',
            badRequestField: 'transitionId',
          })
          .map(() => ({ transitionId })),
      ),

    getRequestStatus: ({ issueIdOrKey }) =>
      onRequest(issueIdOrKey, (path) =>
        answer(api, { method: 'GET', path, notFound: 'request' }, customerRequestSchema, 'request').map(
          (request) => request.status,
        ),
      ),
  };
}

function checkOptions(options: JsmCaseSystemOptions): {
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
} {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new TypeError(
      `${owner}: baseUrl must be an absolute http(s) URL, got ${JSON.stringify(options.baseUrl)}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`${owner}: baseUrl must be an http(s) URL, got ${url.protocol}`);
  }
  for (const key of ['email', 'apiToken', 'serviceDeskId'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') {
      throw new TypeError(`${owner}: ${key} is required`);
    }
  }
  const maxRetries = options.maxRetries ?? 3;
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10) {
    throw new TypeError(`${owner}: maxRetries must be a whole number from 0 to 10`);
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`${owner}: timeoutMs must be a positive number of milliseconds`);
  }
  return { baseUrl: url.href.replace(/\/+$/, ''), maxRetries, timeoutMs };
}
