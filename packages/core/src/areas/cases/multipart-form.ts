import { err, ok, type Result } from 'neverthrow';
import { type DomainError, invalidField, payloadTooLarge } from '../../base/errors';
import { readBodyAtMost } from '../../http/read-body';

/**
 * Room a multipart body may take beyond its file: the message (at most
 * {@link maxMessageLength} characters, up to 4 bytes each in UTF-8) and the part headers.
 */
export const multipartAllowanceBytes = 256 * 1024;

/** The longest reply message, in characters: Jira's limit for a comment body. */
export const maxMessageLength = 32_767;

/** A file taken from a multipart body, ready for the case system. */
export interface UploadedFile {
  /** The sent name without any path part. */
  readonly filename: string;
  readonly contentType: string;
  readonly data: Uint8Array;
}

const multipartType = /^multipart\/form-data\s*;.*\bboundary=/i;

/**
 * Reads a `multipart/form-data` body within `fileLimitBytes` plus {@link multipartAllowanceBytes}.
 * A declared Content-Length over that answers 413 before anything is read; so does a body that
 * grows past it while being read (chunked uploads declare no length). Only then is it parsed.
 *
 * @returns 422 INVALID_FIELD (`body`) for another content type, an empty or malformed body;
 *   413 PAYLOAD_TOO_LARGE (`file`) for a body over the cap
 */
export async function readMultipartForm(
  request: Request,
  fileLimitBytes: number,
): Promise<Result<FormData, DomainError>> {
  const type = request.headers.get('content-type') ?? '';
  if (!multipartType.test(type)) {
    return err(invalidField('body', 'must be multipart/form-data (Content-Type: multipart/form-data)'));
  }
  const cap = fileLimitBytes + multipartAllowanceBytes;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > cap) return err(payloadTooLarge('file', fileLimitBytes));
  if (!request.body) return err(invalidField('body', 'is required'));
  const bytes = await readBodyAtMost(request.body, cap);
  if (bytes === 'too-large') return err(payloadTooLarge('file', fileLimitBytes));
  if (bytes === 'unreadable') return err(invalidField('body', 'could not be read completely'));
  try {
    return ok(await new Response(bytes, { headers: { 'content-type': type } }).formData());
  } catch {
    return err(invalidField('body', 'is not valid multipart/form-data'));
  }
}

/** The one text field `name`, or undefined when absent; a file or a repeated field is 422. */
export function textField(form: FormData, name: string): Result<string | undefined, DomainError> {
  const values = form.getAll(name);
  if (values.length === 0) return ok(undefined);
  if (values.length > 1) return err(invalidField(name, 'must be sent once'));
  const [value] = values;
  return typeof value === 'string' ? ok(value) : err(invalidField(name, 'must be text, not a file'));
}

/**
 * The one file field `name`, or undefined when absent, with its name stripped of path parts and
 * its content type kept when well-formed.
 *
 * @returns 413 PAYLOAD_TOO_LARGE over `fileLimitBytes`; 422 INVALID_FIELD for text instead of a
 *   file, an empty file, or more than one file
 */
export async function fileField(
  form: FormData,
  name: string,
  fileLimitBytes: number,
): Promise<Result<UploadedFile | undefined, DomainError>> {
  const values = form.getAll(name);
  if (values.length === 0) return ok(undefined);
  if (values.length > 1) return err(invalidField(name, 'must be one file'));
  const [value] = values;
  if (typeof value === 'string') return err(invalidField(name, 'must be a file upload'));
  const file = value as File;
  if (file.size > fileLimitBytes) return err(payloadTooLarge(name, fileLimitBytes));
  if (file.size === 0) return err(invalidField(name, 'must not be empty'));
  return ok({
    filename: safeFilename(file.name),
    contentType: safeContentType(file.type),
    data: new Uint8Array(await file.arrayBuffer()),
  });
}

/**
 * The last path part of a sent file name (`/` and `\` both separate), without control or
 * formatting characters (bidi overrides), at most 255 characters; `attachment` when nothing is left.
 */
export function safeFilename(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const bounded = [...cleaned].slice(0, 255).join('');
  return bounded === '' || bounded === '.' || bounded === '..' ? 'attachment' : bounded;
}

const token = '[A-Za-z0-9!#$&^_.+-]+';
const mediaType = new RegExp(`^${token}/${token}(\\s*;\\s*${token}=(${token}|"[^"\\\\\\r\\n]*"))*$`);

/**
 * The sent content type when it is a well-formed media type (parameters kept), otherwise
 * `application/octet-stream`; nothing else reaches the case system's part headers.
 */
export function safeContentType(type: string): string {
  const trimmed = type.trim();
  return mediaType.test(trimmed) ? trimmed : 'application/octet-stream';
}
