/**
 * A stand-in for the service's two storefront endpoints (docs/api.md §4.9), on a real port, answering
 * cross-origin like the service must: `GET /v2/journeyTemplates/{slug}/frontend` answers a template
 * and `POST /journeys` a journey id; every request is recorded. To run the browser test against
 * the real demo server instead, replace `startFakeJourneyApi()` by its base URL and read the stored
 * journey through the API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake API received. */
export interface ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: unknown;
  readonly cookie: string | undefined;
}

export interface FakeJourneyApi {
  readonly baseUrl: string;
  readonly requests: ApiRequest[];
  close(): Promise<void>;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text === '' ? undefined : JSON.parse(text);
};

const send = (response: ServerResponse, status: number, body?: unknown): void => {
  response.writeHead(status, {
    ...cors,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

/** Starts the fake on 127.0.0.1 and a free port. */
export const startFakeJourneyApi = async (): Promise<FakeJourneyApi> => {
  const requests: ApiRequest[] = [];
  let journeys = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (request.method === 'OPTIONS') return send(response, 204);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(request),
      cookie: request.headers.cookie,
    });
    const template = url.pathname.match(/^\/v2\/journeyTemplates\/([^/]+)\/frontend$/);
    if (request.method === 'GET' && template) {
      return send(response, 200, {
        success: true,
        data: { slug: template[1], template_display_name: 'Start' },
      });
    }
    if (request.method === 'POST' && url.pathname === '/journeys') {
      journeys += 1;
      return send(response, 201, { success: true, data: { id: `journey-${journeys}` } });
    }
    return send(response, 404, { success: false, error: { code: 'NOT_FOUND', message: 'No such route.' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
