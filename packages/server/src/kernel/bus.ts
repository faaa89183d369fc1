import { randomUUID } from 'node:crypto';

/** What a subscriber gets: the payload another node (or this one) published on a topic. */
type BusHandler = (payload: unknown) => void;

/**
 * Tells every node of a cluster about changes that make memory stale: ended sessions, cleared
 * grants, invalidated cache tables. `publish` applies the message in this process first (its
 * subscribers run before it returns), then sends it; a node drops its own messages when they
 * come back, since it has applied them already.
 *
 * `connected` is false while messages from other nodes may be missed: callers then fall back to
 * re-reading the database after SSO_CACHE_TTL_MS, and when the connection comes back every
 * `onResync` listener runs, because what was missed meanwhile is unknown.
 */
export interface ClusterBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  readonly nodeId: string;
  readonly connected: boolean;
  /** Starts listening; resolves once listening (or once the first attempt failed and retries run). */
  start(): Promise<void>;
  /** Applies here, then sends to the other nodes; never rejects (a failed send is logged). */
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): void;
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

/** The envelope on the wire: origin node, topic, payload. */
interface Envelope {
  o: string;
  t: string;
  p: unknown;
}

/** LISTEN/NOTIFY payloads must stay under 8000 bytes; a bigger message asks for a resync. */
const MAX_MESSAGE_BYTES = 7900;
const RESYNC_TOPIC = '*resync';

export interface BusLog {
  warn(message: string): void;
  info?(message: string): void;
}

/**
 * Delivery within this process, and the part every transport shares: subscribers, the envelope,
 * dropping echoes. A single-process server (PGlite) uses it as is.
 */
export class LocalBus implements ClusterBus {
  readonly kind: ClusterBus['kind'] = 'local';
  readonly nodeId = randomUUID();
  private readonly handlers = new Map<string, BusHandler[]>();
  private readonly resyncListeners: (() => void)[] = [];

  constructor(protected readonly log: BusLog = console) {}

  get connected(): boolean {
    return true;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}

  subscribe(topic: string, handler: BusHandler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  onResync(listener: () => void): void {
    this.resyncListeners.push(listener);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    this.deliver(topic, payload);
    let text = JSON.stringify({ o: this.nodeId, t: topic, p: payload } satisfies Envelope);
    if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) text = JSON.stringify({ o: this.nodeId, t: RESYNC_TOPIC, p: null });
    try {
      await this.send(text);
    } catch (error) {
      this.log.warn(`cluster bus: could not send ${topic}: ${(error as Error).message}`);
    }
  }

  /** Sends an envelope to the other nodes (nothing to do in one process). */
  protected async send(_text: string): Promise<void> {}

  /** An envelope from the wire: applied unless this node sent it. */
  protected receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.log.warn('cluster bus: dropped a message that is not JSON');
      return;
    }
    if (envelope.o === this.nodeId) return;
    if (envelope.t === RESYNC_TOPIC) this.resync();
    else this.deliver(envelope.t, envelope.p);
  }

  /** Forget what may be stale: messages may have been missed. */
  protected resync(): void {
    for (const listener of this.resyncListeners) this.safely(listener);
  }

  private deliver(topic: string, payload: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) this.safely(() => handler(payload));
  }

  private safely(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.log.warn(`cluster bus: a subscriber failed: ${(error as Error).message}`);
    }
  }
}
