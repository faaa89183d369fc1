import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AppContext } from '../context.js';
import { createProvider } from './provider.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The one OpenID Connect provider of the server. Its issuer is the server's public origin, fixed at
 * start (see publicOrigin): whatever Host a request names, discovery lists the same issuer and
 * endpoints. It is made at first use, once the server listens and so knows its origin.
 */
export class Providers {
  private entry: Promise<{ provider: Provider; handle: Handler }> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly origin: () => string,
  ) {}

  get issuer(): string {
    return `${this.origin()}/`;
  }

  get(): Promise<{ provider: Provider; handle: Handler }> {
    if (!this.entry) {
      const entry = createProvider(this.ctx, this.issuer).then((provider) => ({ provider, handle: provider.callback() as Handler }));
      entry.catch(() => {
        if (this.entry === entry) this.entry = undefined;
      });
      this.entry = entry;
    }
    return this.entry;
  }

  /** The provider, when one has been made (a server that never served OpenID Connect has none to clean up). */
  async made(): Promise<Provider | undefined> {
    return this.entry ? (await this.entry).provider : undefined;
  }
}
