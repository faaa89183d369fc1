import { badRequest, defineMessages, type UploadedFile } from '@sso/shared-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { controlCharacterProblem } from '../http/input-guard.js';

const m = defineMessages('multipart', {
  notMultipart: ['请以 multipart/form-data 上传文件', 'Please upload the file as multipart/form-data'],
  tooLarge: ['上传文件过大（最大10MB）', 'The file is too large (at most 10 MB)'],
  tooMany: ['上传的文件或字段过多', 'Too many files or fields'],
});

const LIMITS = { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 };

/** The parts of a multipart request as a plain object: files as UploadedFile, fields as text. */
export async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw badRequest(m.say.notMultipart);
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      // File names are stored with attachments: no control characters; text fields may span lines.
      const problem =
        controlCharacterProblem(part.fieldname, part.fieldname, false) ??
        (part.type === 'file'
          ? controlCharacterProblem(`${part.fieldname}.filename`, part.filename, false)
          : controlCharacterProblem(part.fieldname, String(part.value), true));
      if (problem) throw badRequest(problem);
      const value =
        part.type === 'file'
          ? ({ filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() } satisfies UploadedFile)
          : String(part.value);
      // A name sent several times (several files under `files`) gives an array, in the order sent.
      const earlier = body[part.fieldname];
      body[part.fieldname] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(m.say.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(m.say.tooMany);
    throw error;
  }
  return body;
}

/** A file an extra answers instead of the envelope. */
export interface FileDownload {
  filename: string;
  contentType: string;
  data: Uint8Array;
  /** Shown in the page (a picture in an <img> or a frame) rather than saved. */
  inline?: boolean;
  /** Further response headers (a signed export's digest and signature), readable by scripts in the browser too. */
  headers?: Readonly<Record<string, string>>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendFile(reply: FastifyReply, file: FileDownload): FastifyReply {
  const extra = Object.keys(file.headers ?? {});
  for (const name of extra) reply.header(name, file.headers?.[name]);
  if (extra.length) reply.header('access-control-expose-headers', extra.join(', '));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}
