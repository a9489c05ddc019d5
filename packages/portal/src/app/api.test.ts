import { describe, expect, it } from 'vitest';
import { describeFailure, failureCode, joinApiUrl, resolveApiBase } from './api';

describe('resolveApiBase', () => {
  const page = 'https://shop.example.com/account/portal';

  it('resolves a path or an absolute URL against the document, keeping its path', () => {
    expect(resolveApiBase('/api', page)).toBe('https://shop.example.com/api');
    expect(resolveApiBase('/api/', page)).toBe('https://shop.example.com/api');
    expect(resolveApiBase('https://api.example.com/v/1/', page)).toBe('https://api.example.com/v/1');
    expect(resolveApiBase('http://127.0.0.1:3101/api', page)).toBe('http://127.0.0.1:3101/api');
  });

  it('is the root of the document origin when empty or missing', () => {
    for (const base of [null, undefined, '', ' ', '/']) {
      expect(resolveApiBase(base, page)).toBe('https://shop.example.com');
    }
  });

  it('refuses what is not an http(s) URL or path, a query, a fragment or credentials', () => {
    for (const base of [
      'javascript:alert(1)',
      'ftp://x.test',
      '/api?x=1',
      '/api#top',
      'https://u:p@x.test',
    ]) {
      expect(() => resolveApiBase(base, page), base).toThrow(TypeError);
    }
    expect(() => resolveApiBase('/api?x=1', page)).toThrow('base-url must be an http(s) URL or path');
  });
});

describe('joinApiUrl', () => {
  it('puts the API path under the base path', () => {
    expect(joinApiUrl('https://x.test/api', '/v2/webhooks?page=2')).toBe(
      'https://x.test/api/v2/webhooks?page=2',
    );
    expect(joinApiUrl('https://x.test/api/', 'v2/webhooks')).toBe('https://x.test/api/v2/webhooks');
    expect(joinApiUrl('https://x.test', '/v2/webhooks')).toBe('https://x.test/v2/webhooks');
  });
});

describe('describeFailure', () => {
  it('says the common codes as sentences, the code kept for support', () => {
    const refused = { status: 401, code: 'UNAUTHORIZED', message: 'A valid bearer token is required.' };
    expect(describeFailure(refused)).toBe(
      'Your token was refused or has expired. Sign in again with a current token.',
    );
    expect(failureCode(refused)).toBe('401 UNAUTHORIZED: A valid bearer token is required.');
    expect(
      describeFailure({ status: 400, code: 'AFFILIATE_CONTEXT_REQUIRED', message: 'No affiliate.' }),
    ).toContain('not tied to an affiliate');
    expect(describeFailure({ status: 403, code: 'FORBIDDEN', message: 'Role not allowed.' })).toContain(
      'Your role does not allow this',
    );
    expect(describeFailure({ status: 0, code: 'NETWORK_ERROR', message: 'failed' })).toContain(
      'could not be reached',
    );
  });

  it('keeps the API message for a refused value, and a generic sentence for an unknown server error', () => {
    expect(
      describeFailure({ status: 422, code: 'INVALID_FIELD', message: 'Must be https.', field: 'url' }),
    ).toBe('The API did not accept a value. Must be https. (url)');
    expect(describeFailure({ status: 500, code: 'HTTP_500', message: 'Internal Server Error' })).toContain(
      'failed on its side',
    );
    expect(describeFailure({ status: 418, code: 'TEAPOT', message: 'I am a teapot.' })).toBe(
      'I am a teapot.',
    );
  });
});
