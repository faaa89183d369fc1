import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** openssl, to make the proxy's certificate at test time (apt-get install openssl). */
export const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl';

/** An HTTPS front of the platform on 127.0.0.1, with a self-signed certificate a client can be told to trust. */
export interface TlsProxy {
  origin: string;
  /** The certificate (PEM), readable by anyone: a client's trust anchor. */
  certificateFile: string;
  close(): Promise<void>;
}

/**
 * A self-signed certificate for 127.0.0.1 (its name and IP address), made by `openssl req` in a
 * directory of its own: the certificate readable by all, the key by root only.
 */
async function selfSignedCertificate(dir: string): Promise<{ certificateFile: string; keyFile: string }> {
  const certificateFile = join(dir, 'certificate.pem');
  const keyFile = join(dir, 'key.pem');
  await promisify(execFile)(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    keyFile,
    '-out',
    certificateFile,
  ]);
  chmodSync(certificateFile, 0o644);
  return { certificateFile, keyFile };
}

/**
 * Starts an HTTPS server that passes every request on to the plain-HTTP `target` (path, method,
 * headers and body as they came) and its answer back: the TLS a CAS client insists on for ticket
 * validation, in front of a test server that speaks HTTP.
 */
export async function startTlsProxy(target: string): Promise<TlsProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'sso-interop-tls-'));
  chmodSync(dir, 0o755);
  const { certificateFile, keyFile } = await selfSignedCertificate(dir);
  const upstream = new URL(target);
  const server: Server = createServer({ cert: readFileSync(certificateFile), key: readFileSync(keyFile) }, (incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => outgoing.writeHead(502).end(String(error)));
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certificateFile,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
