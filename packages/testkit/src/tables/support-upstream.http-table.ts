import type { Service } from '@affiliate-commerce/core';
import type { HttpCaseExpectation, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { failsWith, get, multipart, post } from './support-table-helpers';
import { sandboxOf, seedSupport } from './support-table-setup';

const unavailable: HttpCaseExpectation = {
  status: 502,
  body: {
    success: false,
    error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The case system is unavailable; try again later.' },
  },
};
const nothingStored = { request: get('/v2/cases/case_4'), expect: failsWith(404, 'NOT_FOUND') };
const png = { content: new Uint8Array([1, 2, 3]), filename: 'label.png', type: 'image/png' };

/** Checks that case_1 has exactly `count` comments, by the id the next reply gets. */
const nextCommentId = (id: string) => ({
  request: multipart('/v2/cases/case_1/actions/respond', { message: 'later' }),
  expect: {
    status: 200,
    check: (_response: Response, json: unknown) => {
      const { comment } = (json as { data: { comment: { id: string } } }).data;
      if (comment.id !== id) throw new Error(`comment id ${comment.id}, expected ${id}`);
    },
  },
});

/**
 * Every support route while the case system is down (the sandbox's `failNext`): 502
 * UPSTREAM_UNAVAILABLE with nothing stored or posted; reading a case falls back to the status
 * last seen.
 *
 * @example
 * httpContract('fetch adapter', serveFetch, [supportUpstreamHttpTable]);
 */
export const supportUpstreamHttpTable: HttpTable = {
  title: 'support: the case system is unavailable',
  async setup(service: Service) {
    await seedSupport(service);
    sandboxOf(service).failNext('unavailable');
  },
  cases: [
    {
      name: '7: request types answer 502 when the case system is down',
      request: get('/v2/tracker-apis/request-types'),
      expect: unavailable,
    },
    {
      name: '7: sync answers 502 and stores nothing',
      request: post('/v2/cases/sync-case-type', { requestTypeId: '10' }, testTokens.admin),
      expect: unavailable,
      followUp: [
        {
          request: get('/v2/tracker-apis/request-types'),
          expect: {
            status: 200,
            check: (_response, json) => {
              if ((json as { data: { synced: boolean }[] }).data[0]?.synced !== false)
                throw new Error('synced');
            },
          },
        },
      ],
    },
    {
      name: '7: create-ticket answers 502 and stores no case',
      request: post('/v2/cases/actions/create-ticket', { requestTypeId: '11', fields: { summary: 'Hi' } }),
      expect: unavailable,
      followUp: [nothingStored],
    },
    {
      name: '7: create-ticket for an unsynced type answers 502 (the case system decides 404 or 422)',
      request: post('/v2/cases/actions/create-ticket', { requestTypeId: '10', fields: { summary: 'Hi' } }),
      expect: unavailable,
    },
    {
      name: '7: POST /v2/cases answers 502 and stores no case',
      request: post('/v2/cases', { orderId: 'ord_1', requestTypeId: '11', fields: { summary: 'Hi' } }),
      expect: unavailable,
      followUp: [nothingStored],
    },
    {
      name: '7: respond answers 502 and posts nothing',
      request: multipart('/v2/cases/case_1/actions/respond', { message: 'Hello?' }),
      expect: unavailable,
      followUp: [nextCommentId('20001')],
    },
    {
      name: '7: respond with a file answers 502 and posts nothing',
      request: multipart('/v2/cases/case_1/actions/respond', { message: 'Hello?', file: png }),
      expect: unavailable,
      followUp: [nextCommentId('20001')],
    },
    {
      name: '7: attachment answers 502',
      request: multipart('/v2/cases/case_1/actions/attachment', { file: png }),
      expect: unavailable,
    },
    {
      name: '4.8 reading a case while the case system is down answers the status last seen',
      request: get('/v2/cases/case_3'),
      expect: {
        status: 200,
        check: (_response, json) => {
          const data = (json as { data: { externalCaseStatus: string } }).data;
          if (data.externalCaseStatus !== 'Waiting for support') throw new Error(JSON.stringify(data));
        },
      },
    },
  ],
};
