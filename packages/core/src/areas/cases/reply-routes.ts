import { z } from 'zod';
import { caseSettings } from '../../deps/case-options';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { attachmentResultSchema, replyResultSchema } from './case-view';
import { readAttachmentForm, readReplyForm } from './reply-form';
import { attachToCase, findCase, replyToCase } from './reply-to-case';

const tags = ['support'];
const errorDoc = (description: string) => ({ description, schema: errorEnvelopeSchema });
const params = z.object({ id: z.string().min(1).max(200) });
// docs/api.md §8.1: respond and attachment spend one counter, 10 per minute per user (rate-limiter.ts).
const rateLimit = { bucket: 'case-replies' } as const;
const file = z
  .string()
  .meta({ format: 'binary', description: 'One file; 10 MiB by default (cases.fileLimitBytes).' });

/** Routes that write to a case: replies and files (docs/api.md §2.3, §4.3, §4.8.3, §8.1), on multipart bodies. */
export const replyRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v2/cases/{id}/actions/respond',
    operationId: 'respondToCase',
    summary: 'Add a public reply to a case, with an optional file (docs/api.md §4.3).',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    params,
    bodyKind: 'stream',
    bodyDoc: {
      contentType: 'multipart/form-data',
      schema: z.object({ message: z.string().min(1).max(32_767), file: file.optional() }),
    },
    rateLimit,
    responses: {
      200: {
        description:
          'The raw comment, the attachments (empty without a file), and the transition the reply caused, if any.',
        schema: replyResultSchema,
      },
      404: errorDoc('No such case for this affiliate.'),
      413: errorDoc('The file is larger than the limit (PAYLOAD_TOO_LARGE).'),
      422: errorDoc('Not multipart/form-data, message missing or too long, or a bad file.'),
      429: errorDoc('More than 10 replies and attachments in a minute (shared counter).'),
      502: errorDoc('The case system is unavailable; nothing was posted.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'PAYLOAD_TOO_LARGE', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, params, request, deps }) => {
      const settings = caseSettings(deps.cases);
      return findCase(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((caseRecord) =>
        readReplyForm(request, settings.fileLimitBytes)
          .andThen((reply) => replyToCase(deps, { caseRecord, ...reply, rules: settings.replyTransitions }))
          .map(({ comment, attachments, transition }) => ({
            status: 200,
            body: { success: true, data: { comment, attachments, ...(transition ? { transition } : {}) } },
          })),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/cases/{id}/actions/attachment',
    operationId: 'attachFileToCase',
    summary: 'Attach a file to a case.',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    params,
    bodyKind: 'stream',
    bodyDoc: { contentType: 'multipart/form-data', schema: z.object({ file }) },
    rateLimit,
    responses: {
      200: {
        description: 'The attachments created, as the case system returned them.',
        schema: attachmentResultSchema,
      },
      404: errorDoc('No such case for this affiliate.'),
      413: errorDoc('The file is larger than the limit (PAYLOAD_TOO_LARGE).'),
      422: errorDoc('Not multipart/form-data, or the file is missing, empty or not a file.'),
      429: errorDoc('More than 10 replies and attachments in a minute (shared counter).'),
      502: errorDoc('The case system is unavailable; nothing was attached.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'PAYLOAD_TOO_LARGE', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, params, request, deps }) => {
      const { fileLimitBytes } = caseSettings(deps.cases);
      return findCase(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((caseRecord) =>
        readAttachmentForm(request, fileLimitBytes)
          .andThen(({ file: upload }) => attachToCase(deps, { caseRecord, file: upload }))
          .map(({ attachments }) => ({ status: 200, body: { success: true, data: { attachments } } })),
      );
    },
  }),
];
