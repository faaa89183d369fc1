import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AppContext } from '../context.js';
import { createProvider } from './provider.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A server without SSO_ISSUER answers on the origins it is reached by; this many at most. */
const MAX_ORIGINS = 8;

/**
 * The provider of each issuer. The issuer is the server's public origin (SSO_ISSUER's origin when
 * configured, else the origin a request came to, which a development or test server only knows then).
 */
export class Providers {
  private readonly byIssuer = new Map<string, Promise<{ provider: Provider; handle: Handler }>>();
  private readonly configured: string | undefined;

  constructor(private readonly ctx: AppContext) {
    const issuer = ctx.config.SSO_ISSUER;
    this.configured = issuer ? `${new URL(issuer).origin}/` : undefined;
  }

  issuerFor(origin: string): string | undefined {
    if (this.configured) return this.configured;
    const issuer = `${origin}/`;
    return this.byIssuer.has(issuer) || this.byIssuer.size < MAX_ORIGINS ? issuer : undefined;
  }

  get(issuer: string): Promise<{ provider: Provider; handle: Handler }> {
    let entry = this.byIssuer.get(issuer);
    if (!entry) {
      entry = createProvider(this.ctx, issuer).then((provider) => ({ provider, handle: provider.callback() as Handler }));
      entry.catch(() => this.byIssuer.delete(issuer));
      this.byIssuer.set(issuer, entry);
    }
    return entry;
  }

  /** Every provider made so far (the configured one first made if none is). */
  async all(): Promise<Provider[]> {
    if (this.configured && !this.byIssuer.size) await this.get(this.configured);
    return Promise.all([...this.byIssuer.values()].map(async (entry) => (await entry).provider));
  }
}
