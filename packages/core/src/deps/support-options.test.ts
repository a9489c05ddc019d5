import { describe, expect, it } from 'vitest';
import { defaultFileLimitBytes, defaultReplyTransitions, supportSettings } from './support-options';

describe('support options', () => {
  it('defaults: 10 MiB files, and a reply on a case waiting for the customer hands it back to support', () => {
    expect(supportSettings(undefined)).toEqual({
      fileLimitBytes: defaultFileLimitBytes,
      replyTransitions: defaultReplyTransitions,
    });
    expect(defaultReplyTransitions).toEqual([
      { fromStatus: 'Waiting for customer', transitionName: 'Respond to support' },
    ]);
  });

  it('takes the host values', () => {
    expect(supportSettings({ fileLimitBytes: 5, replyTransitions: [] })).toEqual({
      fileLimitBytes: 5,
      replyTransitions: [],
    });
  });

  it('refuses a misconfiguration as programmer misuse', () => {
    for (const fileLimitBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => supportSettings({ fileLimitBytes })).toThrow(
        /^@affiliate-commerce\/core: support.fileLimitBytes/,
      );
    }
    expect(() => supportSettings({ replyTransitions: [{ fromStatus: ' ', transitionName: 'x' }] })).toThrow(
      TypeError,
    );
  });
});
