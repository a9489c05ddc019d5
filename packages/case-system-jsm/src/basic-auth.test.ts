import { describe, expect, it } from 'vitest';
import { basicAuthorization } from './basic-auth';

describe('basic auth for Atlassian Cloud', () => {
  it('base64-encodes email:apiToken', () => {
    expect(basicAuthorization('agent@example.com', 'token')).toBe(
      `Basic ${Buffer.from('agent@example.com:token').toString('base64')}`,
    );
  });

  it('encodes non-Latin-1 characters as UTF-8 instead of failing', () => {
    expect(basicAuthorization('zoë@example.com', 'tök€n')).toBe(
      `Basic ${Buffer.from('zoë@example.com:tök€n', 'utf8').toString('base64')}`,
    );
  });
});
