import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { caseSettings, defaultFileLimitBytes, defaultReplyTransitions } from './case-options';

describe('case options', () => {
  it('defaults: 10 MiB files, and a reply on a case waiting for the customer hands it back to support', () => {
    expect(caseSettings(undefined)).toEqual({
      fileLimitBytes: defaultFileLimitBytes,
      replyTransitions: defaultReplyTransitions,
    });
    expect(defaultReplyTransitions).toEqual([
      { fromStatus: 'Waiting for customer', transitionName: 'Respond to support' },
    ]);
  });

  it('takes the host values', () => {
    expect(caseSettings({ fileLimitBytes: 5, replyTransitions: [] })).toEqual({
      fileLimitBytes: 5,
      replyTransitions: [],
    });
  });

  it('refuses a misconfiguration as programmer misuse', () => {
    for (const fileLimitBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => caseSettings({ fileLimitBytes })).toThrow(
        /^@affiliate-commerce\/core: cases.fileLimitBytes/,
      );
    }
    expect(() => caseSettings({ replyTransitions: [{ fromStatus: ' ', transitionName: 'x' }] })).toThrow(
      TypeError,
    );
  });
});

describe('the cases option of createService', () => {
  it('reads the deprecated `support` when `cases` is absent; `cases` wins when both are given', () => {
    expect(testService().deps.cases).toBeUndefined();
    const legacy = testService({ support: { fileLimitBytes: 5 } });
    expect(legacy.deps.cases).toEqual({ fileLimitBytes: 5 });
    expect(legacy.deps).not.toHaveProperty('support');
    expect(testService({ cases: { fileLimitBytes: 6 } }).deps.cases).toEqual({ fileLimitBytes: 6 });
    const both = testService({ cases: { fileLimitBytes: 6 }, support: { fileLimitBytes: 5 } });
    expect(both.deps.cases).toEqual({ fileLimitBytes: 6 });
  });
});
