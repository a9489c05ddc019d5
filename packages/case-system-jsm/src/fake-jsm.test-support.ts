import {
  assertWorkflow,
  type CaseRequestTypeSeed,
  type CaseSystemSeed,
  type CaseWorkflow,
  defaultCaseWorkflow,
  fieldValuesProblem,
} from '@affiliate-commerce/core/sandbox';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { basicAuthorization } from './basic-auth';

/** How a queued fault answers instead of the fake's normal behaviour. */
export type FakeJsmFault =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  | 'network-error'
  | 'hang';

/** A call the fake received, for assertions on paths, queries and headers. */
export interface FakeJsmCall {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
}

interface StoredRequest {
  readonly issueId: string;
  readonly issueKey: string;
  readonly requestTypeId: string;
  readonly created: number;
  readonly requestFieldValues: Record<string, unknown>;
  status: string;
  statusChanged: number;
  readonly comments: unknown[];
  readonly attachments: unknown[];
}

/**
 * A stateful fake of JSM Cloud's `/rest/servicedeskapi`, answering with the response shapes of
 * Atlassian's documentation: paged envelopes, customer requests, raw comments, temporary files,
 * attachment results, customer transitions and `{ errorMessage, i18nErrorMessage }` errors.
 * Faults can be queued to answer 429, 5xx, a network error or no answer at all.
 */
export function fakeJsm(options: {
  baseUrl: string;
  serviceDeskId: string;
  email: string;
  apiToken: string;
  pageSize?: number;
  projectKey?: string;
  now?: () => number;
}) {
  const api = `${options.baseUrl}/rest/servicedeskapi`;
  const pageSize = options.pageSize ?? 2;
  const projectKey = options.projectKey ?? 'SUP';
  const now = options.now ?? (() => Date.UTC(2027, 2, 1, 10, 0, 0));
  const expectedAuth = basicAuthorization(options.email, options.apiToken);
  const requestTypes = new Map<string, CaseRequestTypeSeed>();
  const requests: StoredRequest[] = [];
  const temporary = new Map<string, { filename: string; mimeType: string; size: number }>();
  const faults: FakeJsmFault[] = [];
  const calls: FakeJsmCall[] = [];
  let workflow: CaseWorkflow = defaultCaseWorkflow;
  let sequence = 0;

  const jsmDate = (epochMillis: number) => {
    const iso = new Date(epochMillis).toISOString();
    return {
      iso8601: iso.replace(/\.\d{3}Z$/, '+0000'),
      jira: iso.replace('Z', '+0000'),
      friendly: 'Today 10:00 AM',
      epochMillis,
    };
  };
  const user = {
    accountId: '5b10ac8d82e05b22cc7d4ef5',
    emailAddress: options.email,
    displayName: 'Support Bot',
    active: true,
    timeZone: 'UTC',
    _links: { self: `${options.baseUrl}/rest/api/2/user?accountId=5b10ac8d82e05b22cc7d4ef5` },
  };
  const failure = (status: number, errorMessage: string) =>
    HttpResponse.json(
      { errorMessage, i18nErrorMessage: { i18nKey: 'sd.error', parameters: [] } },
      { status },
    );
  const page = (url: URL, all: unknown[]) => {
    const start = Number(url.searchParams.get('start') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 50), pageSize);
    const values = all.slice(start, start + limit);
    return HttpResponse.json({
      _expands: [],
      size: values.length,
      start,
      limit,
      isLastPage: start + values.length >= all.length,
      _links: { base: api, context: '', self: url.href },
      values,
    });
  };
  const findRequest = (idOrKey: string) =>
    requests.find((request) => request.issueId === idOrKey || request.issueKey === idOrKey.toUpperCase());
  const currentStatus = (request: StoredRequest) => ({
    status: request.status,
    statusCategory: workflow.statuses[request.status]?.category ?? 'UNDEFINED',
    statusDate: jsmDate(request.statusChanged),
  });
  const customerRequest = (request: StoredRequest) => ({
    _expands: [
      'participant',
      'status',
      'sla',
      'requestType',
      'serviceDesk',
      'attachment',
      'action',
      'comment',
    ],
    issueId: request.issueId,
    issueKey: request.issueKey,
    requestTypeId: request.requestTypeId,
    serviceDeskId: options.serviceDeskId,
    createdDate: jsmDate(request.created),
    reporter: user,
    requestFieldValues: Object.entries(request.requestFieldValues).map(([fieldId, value]) => ({
      fieldId,
      label:
        requestTypes.get(request.requestTypeId)?.fields.find((f) => f.fieldId === fieldId)?.name ?? fieldId,
      value,
    })),
    currentStatus: currentStatus(request),
    _links: {
      jiraRest: `${options.baseUrl}/rest/api/2/issue/${request.issueId}`,
      web: `${options.baseUrl}/servicedesk/customer/portal/${options.serviceDeskId}/${request.issueKey}`,
      agent: `${options.baseUrl}/browse/${request.issueKey}`,
      self: `${api}/request/${request.issueId}`,
    },
  });
  const comment = (request: StoredRequest, body: string, isPublic: boolean) => {
    sequence += 1;
    const id = String(30_000 + sequence);
    const created = {
      _expands: ['attachment', 'renderedBody'],
      id,
      body,
      public: isPublic,
      author: user,
      created: jsmDate(now()),
      _links: { self: `${api}/request/${request.issueId}/comment/${id}` },
    };
    request.comments.push(created);
    return created;
  };

  type Route = (request: Request, url: URL, match: RegExpMatchArray) => Promise<Response> | Response;
  const desk = `servicedesk/${options.serviceDeskId}`;
  const routes: Array<[string, RegExp, Route]> = [
    [
      'GET',
      new RegExp(`^${desk}/requesttype$`),
      (_r, url) =>
        page(
          url,
          [...requestTypes.values()].map(({ fields: _f, ...type }) => ({
            ...type,
            serviceDeskId: options.serviceDeskId,
            groupIds: type.groupIds ?? [],
            icon: { id: '10509', _links: { iconUrls: {} } },
            _links: { self: `${api}/${desk}/requesttype/${type.id}` },
          })),
        ),
    ],
    [
      'GET',
      new RegExp(`^${desk}/requesttype/([^/]+)/field$`),
      (_r, _u, m) => {
        const type = requestTypes.get(decodeURIComponent(m[1]!));
        if (!type) return failure(404, 'The request type does not exist.');
        return HttpResponse.json({
          canRaiseOnBehalfOf: true,
          canAddRequestParticipants: true,
          requestTypeFields: type.fields.map((field) => ({
            fieldId: field.fieldId,
            name: field.name,
            description: field.description ?? '',
            required: field.required,
            defaultValues: field.defaultValues.map((v) => ({ ...v, children: [] })),
            validValues: field.validValues.map((v) => ({ ...v, children: [] })),
            presetValues: [],
            jiraSchema: field.schema ?? { type: 'string', system: field.fieldId },
            visible: true,
          })),
        });
      },
    ],
    [
      'POST',
      /^request$/,
      async (request) => {
        const body = (await request.json()) as {
          serviceDeskId?: string;
          requestTypeId?: string;
          requestFieldValues?: Record<string, unknown>;
        };
        const type = requestTypes.get(String(body.requestTypeId));
        if (String(body.serviceDeskId) !== options.serviceDeskId || !type) {
          return failure(404, 'The request type you are trying to use does not exist.');
        }
        const values = body.requestFieldValues ?? {};
        const problem = fieldValuesProblem(type.fields, values);
        if (problem) return failure(400, `Your request could not be created: it ${problem}.`);
        const number = requests.length + 1;
        const stored: StoredRequest = {
          issueId: String(10_000 + number),
          issueKey: `${projectKey}-${number}`,
          requestTypeId: type.id,
          created: now(),
          requestFieldValues: values,
          status: workflow.initialStatus,
          statusChanged: now(),
          comments: [],
          attachments: [],
        };
        requests.push(stored);
        return HttpResponse.json(customerRequest(stored), { status: 201 });
      },
    ],
    [
      'GET',
      /^request\/([^/]+)$/,
      (_r, _u, m) => {
        const stored = findRequest(decodeURIComponent(m[1]!));
        return stored ? HttpResponse.json(customerRequest(stored)) : failure(404, 'Request does not exist.');
      },
    ],
    [
      'POST',
      /^request\/([^/]+)\/comment$/,
      async (request, _u, m) => {
        const stored = findRequest(decodeURIComponent(m[1]!));
        if (!stored) return failure(404, 'Request does not exist.');
        const body = (await request.json()) as { body?: string; public?: boolean };
        if (!body.body?.trim()) return failure(400, 'The comment body is required.');
        return HttpResponse.json(comment(stored, body.body, body.public ?? true), { status: 201 });
      },
    ],
    [
      'POST',
      new RegExp(`^${desk}/attachTemporaryFile$`),
      async (request) => {
        if (request.headers.get('X-Atlassian-Token') !== 'no-check') {
          return new HttpResponse('XSRF check failed', { status: 403 });
        }
        const files = (await request.formData())
          .getAll('file')
          .filter((part): part is File => typeof part !== 'string');
        if (files.length === 0) return failure(400, 'No file was sent in the "file" part.');
        const temporaryAttachments = files.map((file) => {
          sequence += 1;
          const temporaryAttachmentId = `temp818698688119440${String(sequence).padStart(4, '0')}`;
          temporary.set(temporaryAttachmentId, { filename: file.name, mimeType: file.type, size: file.size });
          return { temporaryAttachmentId, fileName: file.name };
        });
        return HttpResponse.json({ temporaryAttachments }, { status: 201 });
      },
    ],
    [
      'POST',
      /^request\/([^/]+)\/attachment$/,
      async (request, _u, m) => {
        const stored = findRequest(decodeURIComponent(m[1]!));
        if (!stored) return failure(404, 'Request does not exist.');
        const body = (await request.json()) as {
          temporaryAttachmentIds?: string[];
          public?: boolean;
          additionalComment?: { body?: string };
        };
        const ids = body.temporaryAttachmentIds ?? [];
        if (ids.length === 0 || !ids.every((id) => temporary.has(id))) {
          return failure(400, 'One or more temporary attachments could not be found.');
        }
        const values = ids.map((id) => {
          const file = temporary.get(id)!;
          temporary.delete(id);
          sequence += 1;
          const link = `${options.baseUrl}/rest/servicedeskapi/request/${stored.issueId}/attachment/${40_000 + sequence}`;
          return {
            filename: file.filename,
            author: user,
            created: jsmDate(now()),
            size: file.size,
            mimeType: file.mimeType,
            _links: { self: link, jiraRest: link, content: link, thumbnail: `${link}/thumbnail` },
          };
        });
        stored.attachments.push(...values);
        const added = body.additionalComment?.body;
        return HttpResponse.json(
          {
            ...(added !== undefined ? { comment: comment(stored, added, body.public ?? true) } : {}),
            attachments: { size: values.length, start: 0, limit: 50, isLastPage: true, _links: {}, values },
          },
          { status: 201 },
        );
      },
    ],
    [
      'GET',
      /^request\/([^/]+)\/transition$/,
      (_r, url, m) => {
        const stored = findRequest(decodeURIComponent(m[1]!));
        if (!stored) return failure(404, 'Request does not exist.');
        return page(
          url,
          (workflow.statuses[stored.status]?.transitions ?? []).map(({ id, name }) => ({ id, name })),
        );
      },
    ],
    [
      'POST',
      /^request\/([^/]+)\/transition$/,
      async (request, _u, m) => {
        const stored = findRequest(decodeURIComponent(m[1]!));
        if (!stored) return failure(404, 'Request does not exist.');
        const body = (await request.json()) as { id?: string; additionalComment?: { body?: string } };
        const transition = workflow.statuses[stored.status]?.transitions.find(
          (t) => t.id === String(body.id),
        );
        if (!transition) return failure(400, 'The transition is not valid for this request.');
        stored.status = transition.to;
        stored.statusChanged = now();
        if (body.additionalComment?.body !== undefined) comment(stored, body.additionalComment.body, true);
        return new HttpResponse(null, { status: 204 });
      },
    ],
  ];

  const handler = http.all(`${api}/*`, async ({ request }) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, url, headers: request.headers });
    if (request.headers.get('Authorization') !== expectedAuth) {
      return failure(401, 'Client must be authenticated to access this resource.');
    }
    const fault = faults.shift();
    if (fault === 'network-error') return HttpResponse.error();
    if (fault === 'hang') {
      await delay('infinite');
    } else if (fault) {
      return HttpResponse.json(fault.body ?? { errorMessage: `fault ${fault.status}` }, {
        status: fault.status,
        headers: fault.headers ?? {},
      });
    }
    const path = url.pathname.slice(new URL(api).pathname.length + 1);
    for (const [method, pattern, route] of routes) {
      const match = path.match(pattern);
      if (match && method === request.method) return route(request, url, match);
    }
    return failure(404, `No resource at ${request.method} ${path}.`);
  });

  return {
    handlers: [handler] as HttpHandler[],
    calls,
    /** Loads request types and, when given, a workflow. */
    seed(seed: CaseSystemSeed) {
      if (seed.workflow) {
        assertWorkflow(seed.workflow, 'fake JSM');
        workflow = seed.workflow;
      }
      for (const type of seed.requestTypes) requestTypes.set(type.id, type);
    },
    /** Queues faults, answered one per incoming call before any normal handling. */
    failNext(...queued: FakeJsmFault[]) {
      faults.push(...queued);
    },
    requestCount: () => requests.length,
    commentsOf: (issueIdOrKey: string) => findRequest(issueIdOrKey)?.comments ?? [],
  };
}

/** The fake's type, for test files that share one. */
export type FakeJsm = ReturnType<typeof fakeJsm>;
