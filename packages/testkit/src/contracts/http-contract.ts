import type { Service } from '@affiliate-commerce/core';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestService, testService } from '../service/test-service';

/** One HTTP request of a table case. `token` becomes `Authorization: Bearer <token>`. */
export interface HttpCaseRequest {
  readonly method: string;
  readonly path: string;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value (serialised), or a string sent as is. */
  readonly body?: unknown;
  readonly rawBody?: string;
  /** A multipart body, made fresh for each send (Content-Type with its boundary is set for it). */
  readonly formData?: () => FormData;
}

/** What a response must be: the status, and the exact JSON body or a check of it. */
export interface HttpCaseExpectation {
  readonly status: number;
  readonly body?: unknown;
  readonly check?: (response: Response, json: unknown) => void | Promise<void>;
}

/** One row of an HTTP test table; `followUp` runs further requests on the same service. */
export interface HttpCase {
  readonly name: string;
  readonly request: HttpCaseRequest;
  readonly expect: HttpCaseExpectation;
  readonly followUp?: readonly { readonly request: HttpCaseRequest; readonly expect: HttpCaseExpectation }[];
  /** Skipped for adapters that hand unknown paths back to the host (Express). */
  readonly fetchOnly?: boolean;
  /** Sends a body a host's own JSON parser would refuse before the API sees it. */
  readonly malformedJson?: boolean;
}

/** A table of HTTP cases, each run on a fresh service seeded by `setup`. */
export interface HttpTable {
  readonly title: string;
  readonly setup: (service: TestService) => Promise<void>;
  readonly cases: readonly HttpCase[];
  /** Extra options for the test service of this table. */
  readonly service?: Parameters<typeof testService>[0];
}

/** A running adapter: sends a request under `prefix` and answers. */
export interface ServedAdapter {
  readonly send: (request: Request) => Promise<Response>;
  readonly close: () => Promise<void>;
}

/** Starts one adapter around a service; `prefix` is where the API is mounted. */
export type ServeAdapter = (service: Service, prefix: string) => Promise<ServedAdapter>;

function buildRequest(request: HttpCaseRequest, prefix: string): Request {
  const headers = new Headers(request.headers);
  if (request.token !== undefined) headers.set('authorization', `Bearer ${request.token}`);
  let body: string | FormData | undefined;
  if (request.formData) body = request.formData();
  else if (request.rawBody !== undefined) body = request.rawBody;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return new Request(`http://api.test${prefix}${request.path}`, { method: request.method, headers, body });
}

async function expectResponse(response: Response, expected: HttpCaseExpectation): Promise<void> {
  const text = await response.text();
  const json =
    text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  expect({ status: response.status, json }).toMatchObject({ status: expected.status });
  if (expected.status >= 400) {
    expect(json).toMatchObject({
      success: false,
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
  if (expected.body !== undefined) expect(json).toEqual(expected.body);
  await expected.check?.(response, json);
}

/** Options of {@link httpContract}. */
export interface HttpContractOptions {
  /** Where the API is mounted. Default `/api`. */
  readonly prefix?: string;
  /** True for adapters that hand paths outside the API back to the host (Express). */
  readonly unknownPathsFallThrough?: boolean;
  /** True when the host's own JSON parser runs first and answers malformed JSON itself. */
  readonly hostParsesJson?: boolean;
}

/**
 * Runs HTTP tables through one adapter, so every adapter answers every case the same way.
 *
 * @example
 * httpContract('fetch adapter', serveFetch, allHttpTables);
 */
export function httpContract(
  name: string,
  serve: ServeAdapter,
  tables: readonly HttpTable[],
  options: HttpContractOptions = {},
): void {
  const prefix = options.prefix ?? '/api';
  describe(name, () => {
    for (const table of tables) {
      describe(table.title, () => {
        const started: ServedAdapter[] = [];
        afterAll(async () => {
          await Promise.all(started.map((adapter) => adapter.close()));
        });
        for (const row of table.cases) {
          if (row.fetchOnly && options.unknownPathsFallThrough) continue;
          if (row.malformedJson && options.hostParsesJson) continue;
          it(row.name, async () => {
            const service = testService(table.service);
            await table.setup(service);
            const adapter = await serve(service, prefix);
            started.push(adapter);
            await expectResponse(await adapter.send(buildRequest(row.request, prefix)), row.expect);
            for (const step of row.followUp ?? []) {
              await expectResponse(await adapter.send(buildRequest(step.request, prefix)), step.expect);
            }
          });
        }
      });
    }
  });
}
