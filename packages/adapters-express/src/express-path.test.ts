import { describe, expect, it } from 'vitest';
import { apiPathTest } from './express-path';

describe('apiPathTest', () => {
  const templates = ['/v2/webhooks', '/v2/webhooks/{id}', '/v2/webhooks/{id}/actions/upgrade'];

  it('matches each template with one segment a parameter and an optional trailing slash', () => {
    const isApiPath = apiPathTest(templates, true);
    expect(isApiPath('/v2/webhooks')).toBe(true);
    expect(isApiPath('/v2/webhooks/')).toBe(true);
    expect(isApiPath('/v2/webhooks/%ZZ')).toBe(true);
    expect(isApiPath('/v2/webhooks/whk_1/actions/upgrade')).toBe(true);
    expect(isApiPath('/v2/webhooks/a/b')).toBe(false);
    expect(isApiPath('/v2/webhooksx')).toBe(false);
    expect(isApiPath('/V2/webhooks')).toBe(false);
  });

  it('ignores case when the router does', () => {
    expect(apiPathTest(templates, false)('/V2/Webhooks')).toBe(true);
  });
});
