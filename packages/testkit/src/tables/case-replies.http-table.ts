import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { authCases, failsWith, get, multipart } from './support-table-helpers';
import { seedSupport } from './support-table-setup';

const respond = (id: string) => `/v2/cases/${id}/actions/respond`;
const attach = (id: string) => `/v2/cases/${id}/actions/attachment`;
const stamp = { iso8601: '2026-11-23T10:00:00.000Z', epochMillis: 1_795_428_000_000 };
const agent = { accountId: 'sandbox-agent', displayName: 'Sandbox agent' };
const png = { content: new Uint8Array([137, 80, 78, 71, 13, 10]), filename: 'label.png', type: 'image/png' };

function hasLimitHeaders(remaining: number) {
  return (response: Response) => {
    const headers = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) =>
      response.headers.get(name),
    );
    if (headers[0] !== '10' || headers[1] !== String(remaining) || !/^\d+$/.test(headers[2] ?? '')) {
      throw new Error(`X-RateLimit-* were ${headers.join(', ')}`);
    }
  };
}

function attachmentNamed(filename: string, mimeType: string) {
  return (_response: Response, json: unknown) => {
    const [first] = (json as { data: { attachments: { filename: string; mimeType: string }[] } }).data
      .attachments;
    if (first?.filename !== filename || first.mimeType !== mimeType) {
      throw new Error(`attachment was ${JSON.stringify(first)}`);
    }
  };
}

// Ten writes alternating between respond and attachment, then the eleventh.
const tenWrites = Array.from({ length: 9 }, (_, index) => ({
  request:
    index % 2 === 0
      ? multipart(attach('case_1'), { file: png })
      : multipart(respond('case_1'), { message: `reply ${index}` }),
  expect: { status: 200, check: hasLimitHeaders(8 - index) },
}));

const limitCase: HttpCase = {
  name: '8: respond and attachment share 10 per minute per user; the 11th is 429 with Retry-After and X-RateLimit-*',
  request: multipart(respond('case_1'), { message: 'first' }),
  expect: { status: 200, check: hasLimitHeaders(9) },
  followUp: [
    ...tenWrites,
    {
      request: multipart(attach('case_1'), { file: png }),
      expect: {
        status: 429,
        body: {
          success: false,
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many requests; retry after the number of seconds in Retry-After.',
          },
        },
        check: (response) => {
          hasLimitHeaders(0)(response);
          const retryAfter = Number(response.headers.get('retry-after'));
          if (!(retryAfter >= 1 && retryAfter <= 60)) throw new Error(`Retry-After was ${retryAfter}`);
        },
      },
    },
    { request: multipart(respond('case_1'), { message: 'twelfth' }), expect: failsWith(429, 'RATE_LIMITED') },
    // The counter is per user: another user of the same affiliate still has a full budget.
    {
      request: multipart(respond('case_1'), { message: 'from the admin' }, testTokens.admin),
      expect: { status: 200, check: hasLimitHeaders(9) },
    },
  ],
};

/**
 * docs/api.md §2.3, §4.3, §4.8, §5.3, §7 and §8.1 for respond and attachment (multipart), through both adapters.
 *
 * @example
 * httpContract('fetch adapter', serveFetch, [caseRepliesHttpTable]);
 */
export const caseRepliesHttpTable: HttpTable = {
  title: 'support: replies and attachments',
  setup: seedSupport,
  // A small limit keeps the 413 cases quick; the 10 MiB default is checked in multipart-form.test.ts.
  service: { cases: { fileLimitBytes: 1024 } },
  cases: [
    {
      name: '2.3 and 4.3 a reply answers exactly { success, data: { comment (raw), attachments: [] } }',
      request: multipart(respond('case_1'), { message: 'Any news on this?' }),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            comment: { id: '20001', body: 'Any news on this?', public: true, author: agent, created: stamp },
            attachments: [],
          },
        },
        check: hasLimitHeaders(9),
      },
    },
    {
      name: '2.3 and 4.3 a reply with a file answers the raw comment and the attachment',
      request: multipart(respond('case_1'), { message: 'Photo of the label', file: png }),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            comment: { id: '20002', body: 'Photo of the label', public: true, author: agent, created: stamp },
            attachments: [
              { filename: 'label.png', mimeType: 'image/png', size: 6, author: agent, created: stamp },
            ],
          },
        },
      },
    },
    {
      name: '2.3 a reply on a case waiting for the customer moves it back to support: transition present',
      request: multipart(respond('case_3'), { message: 'Here is the tracking number' }),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            comment: {
              id: '20001',
              body: 'Here is the tracking number',
              public: true,
              author: agent,
              created: stamp,
            },
            attachments: [],
            transition: {
              id: '31',
              name: 'Respond to support',
              fromStatus: 'Waiting for customer',
              toStatus: 'Waiting for support',
            },
          },
        },
      },
      followUp: [
        {
          request: get('/v2/cases/case_3'),
          expect: {
            status: 200,
            check: (_response, json) => {
              const data = (json as { data: { status: string; externalCaseStatus: string } }).data;
              if (data.status !== 'open' || data.externalCaseStatus !== 'Waiting for support') {
                throw new Error(JSON.stringify(data));
              }
            },
          },
        },
        // Waiting for support now: a second reply causes no transition.
        {
          request: multipart(respond('case_3'), { message: 'And another thing' }),
          expect: {
            status: 200,
            check: (_response, json) => {
              if ('transition' in (json as { data: object }).data) throw new Error('unexpected transition');
            },
          },
        },
      ],
    },
    {
      name: '4.3 the filename loses its path parts; the content type is passed through',
      request: multipart(respond('case_1'), {
        message: 'Invoice',
        file: { content: '%PDF-1.7', filename: '../../etc/passwd\\..\\invoice.pdf', type: 'application/pdf' },
      }),
      expect: { status: 200, check: attachmentNamed('invoice.pdf', 'application/pdf') },
    },
    {
      name: '4.3 a file with no content type is sent as application/octet-stream',
      request: multipart(attach('case_1'), { file: { content: 'raw', filename: 'dump.bin' } }),
      expect: { status: 200, check: attachmentNamed('dump.bin', 'application/octet-stream') },
    },
    {
      name: '5.3 respond: admin may reply',
      request: multipart(respond('case_1'), { message: 'a' }, testTokens.admin),
      expect: { status: 200 },
    },
    {
      name: '5.3 respond: super admin may reply',
      request: multipart(respond('case_1'), { message: 'a' }, testTokens.superAdmin),
      expect: { status: 200 },
    },
    {
      name: '4.3 and 7: a missing message is 422 INVALID_FIELD',
      request: multipart(respond('case_1'), { file: png }),
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'message is required.', field: 'message' },
        },
      },
    },
    {
      name: '4.3 and 7: a blank message is 422',
      request: multipart(respond('case_1'), { message: '   ' }),
      expect: failsWith(422, 'INVALID_FIELD', 'message'),
    },
    {
      name: '4.3 and 7: a message sent as a file is 422',
      request: multipart(respond('case_1'), { message: { content: 'hi', filename: 'm.txt' } }),
      expect: failsWith(422, 'INVALID_FIELD', 'message'),
    },
    {
      name: '4.3 and 7: a message over 32,767 characters is 422',
      request: multipart(respond('case_1'), { message: 'x'.repeat(32_768) }),
      expect: failsWith(422, 'INVALID_FIELD', 'message'),
    },
    {
      name: '4.3 and 7: a JSON body (not multipart) is 422',
      request: { method: 'POST', path: respond('case_1'), token: testTokens.agent, body: { message: 'hi' } },
      expect: {
        status: 422,
        body: {
          success: false,
          error: {
            code: 'INVALID_FIELD',
            message: 'body must be multipart/form-data (Content-Type: multipart/form-data).',
            field: 'body',
          },
        },
      },
    },
    {
      name: '4.3 and 7: a multipart body that does not parse is 422, never 500',
      request: {
        method: 'POST',
        path: respond('case_1'),
        token: testTokens.agent,
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        rawBody: 'this is not multipart',
      },
      expect: failsWith(422, 'INVALID_FIELD', 'body'),
    },
    {
      name: '4.3 and 7: file sent as text is 422',
      request: multipart(respond('case_1'), { message: 'hi', file: 'not a file' }),
      expect: failsWith(422, 'INVALID_FIELD', 'file'),
    },
    {
      name: '4.3 and 7: an empty file is 422',
      request: multipart(respond('case_1'), { message: 'hi', file: { content: '', filename: 'empty.txt' } }),
      expect: failsWith(422, 'INVALID_FIELD', 'file'),
    },
    {
      name: '4.3 and 7: two files are 422',
      request: multipart(respond('case_1'), { message: 'hi', file: [png, png] }),
      expect: failsWith(422, 'INVALID_FIELD', 'file'),
    },
    {
      name: '4.3 and 7: a file over the limit is 413 PAYLOAD_TOO_LARGE and nothing is posted',
      request: multipart(respond('case_1'), {
        message: 'big',
        file: { content: 'x'.repeat(1025), filename: 'big.txt' },
      }),
      expect: {
        status: 413,
        body: {
          success: false,
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message: 'file is larger than the limit of 1024 bytes.',
            field: 'file',
          },
        },
      },
      // Had the big reply been posted, this comment would not be the first.
      followUp: [
        {
          request: multipart(respond('case_1'), { message: 'small' }),
          expect: {
            status: 200,
            check: (_response, json) => {
              const { comment } = (json as { data: { comment: { id: string } } }).data;
              if (comment.id !== '20001') throw new Error(`comment id ${comment.id}`);
            },
          },
        },
      ],
    },
    {
      name: '4.3: a file of exactly the limit is accepted',
      request: multipart(respond('case_1'), {
        message: 'edge',
        file: { content: 'x'.repeat(1024), filename: 'edge.txt' },
      }),
      expect: { status: 200 },
    },
    {
      name: "7: a reply to another affiliate's case is 404, never 403",
      request: multipart(respond('case_2'), { message: 'hi' }),
      expect: {
        status: 404,
        body: { success: false, error: { code: 'NOT_FOUND', message: 'The case was not found.' } },
      },
    },
    {
      name: '7: a reply to an unknown case is 404',
      request: multipart(respond('case_none'), { message: 'hi' }),
      expect: failsWith(404, 'NOT_FOUND'),
    },
    ...authCases('respond', multipart(respond('case_1'), { message: 'hi' })),
    {
      name: '4.8 attachment answers the attachments, raw',
      request: multipart(attach('case_1'), { file: png }),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            attachments: [
              { filename: 'label.png', mimeType: 'image/png', size: 6, author: agent, created: stamp },
            ],
          },
        },
        check: hasLimitHeaders(9),
      },
    },
    {
      name: '5.3 attachment: admin may attach',
      request: multipart(attach('case_1'), { file: png }, testTokens.admin),
      expect: { status: 200 },
    },
    {
      name: '5.3 attachment: super admin may attach',
      request: multipart(attach('case_1'), { file: png }, testTokens.superAdmin),
      expect: { status: 200 },
    },
    {
      name: '7: attachment without a file is 422',
      request: multipart(attach('case_1'), { message: 'no file here' }),
      expect: {
        status: 422,
        body: {
          success: false,
          error: { code: 'INVALID_FIELD', message: 'file is required.', field: 'file' },
        },
      },
    },
    {
      name: '7: attachment with a JSON body is 422',
      request: { method: 'POST', path: attach('case_1'), token: testTokens.agent, body: { file: 'x' } },
      expect: failsWith(422, 'INVALID_FIELD', 'body'),
    },
    {
      name: '7: attachment over the limit is 413',
      request: multipart(attach('case_1'), { file: { content: 'x'.repeat(2048), filename: 'big.txt' } }),
      expect: failsWith(413, 'PAYLOAD_TOO_LARGE', 'file'),
    },
    {
      name: "7: attachment to another affiliate's case is 404",
      request: multipart(attach('case_2'), { file: png }),
      expect: failsWith(404, 'NOT_FOUND'),
    },
    ...authCases('attachment', multipart(attach('case_1'), { file: png })),
    limitCase,
  ],
};
