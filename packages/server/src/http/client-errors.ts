import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { defineMessages, fail } from '@sso/shared-api';

const m = defineMessages('clientErrors', {
  malformed: ['请求格式错误（地址或请求头含有非法字符）', 'The request is malformed (invalid characters in the address or a header)'],
  headersTooLarge: ['请求地址或请求头过长', 'The address or the headers of the request are too long'],
  timeout: ['请求超时', 'The request timed out'],
});

/**
 * Requests the HTTP parser refuses before Fastify sees them (raw control characters in the
 * address or a header, an address or headers past 16 KB, a request that never finished) answer in
 * the envelope too, in Chinese: the Accept-Language header was never read.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const msg = status === 408 ? m.timeout : status === 431 ? m.headersTooLarge : m.malformed;
  const body = JSON.stringify(fail(status, msg));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
