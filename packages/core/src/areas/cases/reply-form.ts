import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField } from '../../base/errors';
import {
  fileField,
  maxMessageLength,
  readMultipartForm,
  textField,
  type UploadedFile,
} from './multipart-form';

/**
 * Reads the multipart body of respond (docs/api.md §4.3): `message` (required text) and `file`
 * (optional, one file within the limit).
 *
 * @returns 422 INVALID_FIELD for a body that is not multipart, a missing, blank or too long
 *   message, or a bad file; 413 PAYLOAD_TOO_LARGE for a file over `fileLimitBytes`
 */
export function readReplyForm(
  request: Request,
  fileLimitBytes: number,
): ResultAsync<{ message: string; file?: UploadedFile }, DomainError> {
  return new ResultAsync(readMultipartForm(request, fileLimitBytes)).andThen((form) =>
    textField(form, 'message')
      .andThen(checkMessage)
      .asyncAndThen((message) =>
        new ResultAsync(fileField(form, 'file', fileLimitBytes)).map((file) => ({
          message,
          ...(file ? { file } : {}),
        })),
      ),
  );
}

function checkMessage(message: string | undefined): Result<string, DomainError> {
  if (message === undefined || message.trim() === '') return err(invalidField('message', 'is required'));
  if (message.length > maxMessageLength) {
    return err(invalidField('message', `must be at most ${maxMessageLength} characters`));
  }
  return ok(message);
}

/**
 * Reads the multipart body of POST /v2/cases/{id}/actions/attachment: one required `file`.
 *
 * @returns 422 INVALID_FIELD for a body that is not multipart or a missing or bad file;
 *   413 PAYLOAD_TOO_LARGE for a file over `fileLimitBytes`
 */
export function readAttachmentForm(
  request: Request,
  fileLimitBytes: number,
): ResultAsync<{ file: UploadedFile }, DomainError> {
  return new ResultAsync(readMultipartForm(request, fileLimitBytes)).andThen((form) =>
    new ResultAsync(fileField(form, 'file', fileLimitBytes)).andThen((file) =>
      file ? ok({ file }) : err(invalidField('file', 'is required')),
    ),
  );
}
