import type { FastifyInstance } from 'fastify';

/**
 * Stopping the server finishes the requests under way, then writes what the audit logs hold
 * (their onClose hook). A keep-alive connection whose client keeps sending would hold the close
 * open (the HTTP server waits for every connection, and a connection busy when the close began
 * is never closed as idle afterwards), so until the close is done connections are closed as
 * soon as they sit between two requests: a client then sees its connection end and no answer.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
}
