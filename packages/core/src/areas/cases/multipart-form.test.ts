import { seedSupport, testService, testTokens } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { defaultFileLimitBytes } from '../../deps/case-options';
import {
  fileField,
  multipartAllowanceBytes,
  readMultipartForm,
  safeContentType,
  safeFilename,
  textField,
} from './multipart-form';

const multipartRequest = (form: FormData, headers: Record<string, string> = {}) =>
  new Request('http://api.test/upload', { method: 'POST', body: form, headers });

/** A body that arrives in chunks with no Content-Length, as a chunked upload does. */
function chunkedRequest(
  type: string,
  chunks: readonly Uint8Array[],
): { request: Request; pulled: () => number } {
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const request = new Request('http://api.test/upload', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': type },
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => index };
}

describe('4.3 multipart bodies and the file size limit', () => {
  it('4.3 reads the text and file parts of a multipart body', async () => {
    const form = new FormData();
    form.append('message', 'hello');
    form.append('file', new Blob(['abc'], { type: 'text/plain' }), 'note.txt');
    const read = (await readMultipartForm(multipartRequest(form), 1024))._unsafeUnwrap();
    expect(textField(read, 'message')._unsafeUnwrap()).toBe('hello');
    const file = (await fileField(read, 'file', 1024))._unsafeUnwrap();
    expect(file).toMatchObject({ filename: 'note.txt', contentType: 'text/plain' });
    expect(new TextDecoder().decode(file!.data)).toBe('abc');
    expect(textField(read, 'absent')._unsafeUnwrap()).toBeUndefined();
  });

  it('7: another content type, or none, is 422 INVALID_FIELD on body', async () => {
    const variants: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      {},
      { 'content-type': 'multipart/form-data' },
    ];
    for (const headers of variants) {
      const request = new Request('http://api.test/upload', { method: 'POST', body: '{}', headers });
      expect((await readMultipartForm(request, 1024))._unsafeUnwrapErr()).toMatchObject({
        code: 'INVALID_FIELD',
        field: 'body',
      });
    }
  });

  it('7: a declared Content-Length over the cap is 413 before any byte is read', async () => {
    const { request } = chunkedRequest('multipart/form-data; boundary=x', [new Uint8Array(10)]);
    const declared = new Request(request, {
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(1024 + multipartAllowanceBytes + 1),
      },
    });
    expect((await readMultipartForm(declared, 1024))._unsafeUnwrapErr()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'file',
    });
    expect(declared.bodyUsed).toBe(false);
  });

  it('7: a chunked body that grows past the cap is 413, and reading stops there', async () => {
    const chunk = new Uint8Array(64 * 1024);
    const { request, pulled } = chunkedRequest(
      'multipart/form-data; boundary=x',
      Array.from({ length: 40 }, () => chunk),
    );
    expect((await readMultipartForm(request, 1024))._unsafeUnwrapErr()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    // The cap is 1 KiB + 256 KiB: the fifth 64 KiB chunk crosses it; the other 35 are never pulled.
    expect(pulled()).toBeLessThan(8);
  });

  it('7: a file part over the limit is 413; exactly the limit passes; an empty file is 422', async () => {
    const form = (size: number) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(size)]), 'f.bin');
      return data;
    };
    const read = async (size: number) =>
      fileField((await readMultipartForm(multipartRequest(form(size)), 100))._unsafeUnwrap(), 'file', 100);
    expect((await read(101))._unsafeUnwrapErr()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file' });
    expect((await read(100))._unsafeUnwrap()?.data.byteLength).toBe(100);
    expect((await read(0))._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field: 'file' });
  });

  it('4.3 filenames keep only their last path part, without control or bidi characters', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\ann\\label.png')).toBe('label.png');
    expect(safeFilename('dir/sub\\..\\report.pdf')).toBe('report.pdf');
    expect(safeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFilename('line\r\nbreak.txt')).toBe('linebreak.txt');
    expect(safeFilename('../')).toBe('attachment');
    expect(safeFilename('..')).toBe('attachment');
    expect(safeFilename('')).toBe('attachment');
    expect(safeFilename('é'.repeat(300))).toHaveLength(255);
  });

  it('4.3 content types pass through when well-formed, else application/octet-stream', () => {
    expect(safeContentType('image/png')).toBe('image/png');
    expect(safeContentType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(safeContentType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(safeContentType('')).toBe('application/octet-stream');
    expect(safeContentType('image/png\r\nX-Evil: 1')).toBe('application/octet-stream');
    expect(safeContentType('not a type')).toBe('application/octet-stream');
  });
});

describe('4.3 the 10 MiB default limit on the respond route', () => {
  const reply = (size: number) => {
    const form = new FormData();
    form.append('message', 'big file');
    form.append('file', new Blob([new Uint8Array(size)], { type: 'application/octet-stream' }), 'big.bin');
    return new Request('http://api.test/v2/cases/case_1/actions/respond', {
      method: 'POST',
      headers: { authorization: `Bearer ${testTokens.agent}` },
      body: form,
    });
  };

  it('4.3 a file of 10 MiB passes; 10 MiB and one byte is 413 PAYLOAD_TOO_LARGE', async () => {
    const service = testService();
    await seedSupport(service);
    expect(defaultFileLimitBytes).toBe(10 * 1024 * 1024);
    const accepted = await service.handle(reply(defaultFileLimitBytes));
    expect(accepted.status).toBe(200);
    const refused = await service.handle(reply(defaultFileLimitBytes + 1));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      success: false,
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'file is larger than the limit of 10485760 bytes.',
        field: 'file',
      },
    });
  });
});
