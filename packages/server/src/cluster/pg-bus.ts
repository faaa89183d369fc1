import pg from 'pg';
import { type BusLog, LocalBus } from '../kernel/bus.js';

const CHANNEL = 'sso_cluster';
export const APPLICATION_NAME = 'sso-cluster-bus';
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 5000;

/**
 * The bus over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (and sends), and is
 * opened again after any error, waiting a little longer after each failed attempt.
 */
export class PgBus extends LocalBus {
  override readonly kind = 'postgres' as const;
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private everListened = false;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    log?: BusLog,
  ) {
    super(log);
  }

  override get connected(): boolean {
    return this.listening;
  }

  override async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // Named, so that an operator can tell the bus connection apart in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.retryMs = RETRY_MIN_MS;
    // Messages sent while this node was not listening are lost: start over from the database.
    if (this.everListened) {
      this.log.warn('cluster bus: listening again on PostgreSQL; cached state dropped');
      this.resync();
    }
    this.everListened = true;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client && this.client !== client) return;
    const wasListening = this.listening;
    this.client = undefined;
    this.listening = false;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    if (wasListening) this.log.warn(`cluster bus: PostgreSQL connection lost (${error.message}); retrying`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Notifications go out one after another on the listening connection, in the order published. */
  protected override send(text: string): Promise<void> {
    const client = this.client;
    if (!client) return Promise.reject(new Error('not connected'));
    const sent = this.sending.then(() => client.query('select pg_notify($1, $2)', [CHANNEL, text]));
    this.sending = sent.then(
      () => undefined,
      () => undefined,
    );
    return sent.then(() => undefined);
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) await client.end().catch(() => {});
  }
}
