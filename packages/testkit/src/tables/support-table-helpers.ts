import type { HttpCase, HttpCaseExpectation, HttpCaseRequest } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';

/**
 * A JSON request of a support table.
 *
 * @example
 * post('/v2/cases/sync-case-type', { requestTypeId: '10' }, testTokens.admin)
 */
export const post = (path: string, body: unknown, token: string = testTokens.agent): HttpCaseRequest => ({
  method: 'POST',
  path,
  token,
  body,
});

/**
 * A GET request of a support table.
 *
 * @example
 * get('/v2/cases/case_1')
 */
export const get = (path: string, token: string = testTokens.agent): HttpCaseRequest => ({
  method: 'GET',
  path,
  token,
});

/**
 * One part of a multipart body: text, or a file with a name and a type.
 *
 * @example
 * const part: Part = { content: 'x', filename: 'a.txt', type: 'text/plain' };
 */
export type Part =
  | string
  | { readonly content: string | Uint8Array; readonly filename: string; readonly type?: string };

/**
 * A multipart request of a support table; the body is made fresh for each send.
 *
 * @example
 * multipart('/v2/cases/case_1/actions/respond', { message: 'Hi', file: { content: 'x', filename: 'a.txt' } })
 */
export const multipart = (
  path: string,
  parts: Readonly<Record<string, Part | readonly Part[]>>,
  token: string = testTokens.agent,
): HttpCaseRequest => ({
  method: 'POST',
  path,
  token,
  formData: () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      for (const part of Array.isArray(value) ? (value as readonly Part[]) : [value as Part]) {
        if (typeof part === 'string') form.append(name, part);
        else
          form.append(name, new Blob([part.content as BlobPart], { type: part.type ?? '' }), part.filename);
      }
    }
    return form;
  },
});

/**
 * Expects an error answer with this status, code and, when given, field.
 *
 * @example
 * failsWith(422, 'INVALID_FIELD', 'requestTypeId')
 */
export function failsWith(status: number, code: string, field?: string): HttpCaseExpectation {
  return {
    status,
    check: (_response, json) => {
      const error = (json as { error: { code: string; field?: string } }).error;
      if (error.code !== code || (field !== undefined && error.field !== field)) {
        throw new Error(`expected ${code}${field ? ` on ${field}` : ''}, got ${JSON.stringify(error)}`);
      }
    },
  };
}

/**
 * The cases every affiliate route shares: 401 without a token, 401 for an unknown token, 400
 * for a token without affiliate context.
 *
 * @example
 * ...authCases('create-ticket', post('/v2/cases/actions/create-ticket', { requestTypeId: '11' }))
 */
export function authCases(name: string, request: HttpCaseRequest): HttpCase[] {
  const { token: _token, ...anonymous } = request;
  return [
    {
      name: `5.1 and 7: ${name} is 401 without a bearer token`,
      request: anonymous,
      expect: failsWith(401, 'UNAUTHORIZED'),
    },
    {
      name: `5.1 and 7: ${name} is 401 for an unknown token`,
      request: { ...request, token: 'tok_nobody' },
      expect: failsWith(401, 'UNAUTHORIZED'),
    },
    {
      name: `5.2 and 7: ${name} is 400 without affiliate context`,
      request: { ...request, token: testTokens.noAffiliate },
      expect: failsWith(400, 'AFFILIATE_CONTEXT_REQUIRED'),
    },
  ];
}
