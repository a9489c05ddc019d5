import type { DomainError } from '@affiliate-commerce/core';
import type { SetupServer } from 'msw/node';
import type { ResultAsync } from 'neverthrow';
import { fakeJsm } from './fake-jsm.test-support';
import { type JsmCaseSystemOptions, jsmCaseSystem } from './jsm-case-system';

export const site = 'https://example-desk.atlassian.net';
export const credentials = { email: 'support-bot@example.com', apiToken: 'ATATT3xFfGF0-token' };

/**
 * A fresh fake JSM installed on `server`, and a jsmCaseSystem pointed at it whose sleeps are
 * recorded instead of waited.
 */
export function jsmAgainstFake(
  server: SetupServer,
  overrides: Partial<JsmCaseSystemOptions> = {},
  pageSize = 2,
) {
  const fake = fakeJsm({ baseUrl: site, serviceDeskId: '4', ...credentials, pageSize });
  server.use(...fake.handlers);
  const sleeps: number[] = [];
  const caseSystem = jsmCaseSystem({
    baseUrl: site,
    serviceDeskId: '4',
    ...credentials,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { fake, caseSystem, sleeps };
}

/** The success value, or a thrown description of the error. */
export async function ok<T>(result: ResultAsync<T, DomainError>): Promise<T> {
  const settled = await result;
  if (settled.isErr())
    throw new Error(`expected success, got ${settled.error.code}: ${String(settled.error.cause)}`);
  return settled.value;
}

/** The error, or a thrown description of the unexpected success. */
export async function fails<T>(result: ResultAsync<T, DomainError>): Promise<DomainError> {
  const settled = await result;
  if (settled.isOk()) throw new Error(`expected a failure, got ${JSON.stringify(settled.value)}`);
  return settled.error;
}
