import type { AppContext } from '../context.js';
import { logoutRequestXml } from './logout-request.js';
import type { CasSignOn } from './sign-ons.js';

/** Logout requests posted at once at most; the others wait their turn. */
const CONCURRENCY = 4;
/** An application that does not answer within this long is given up on (the slot is needed). */
const ANSWER_WITHIN_MS = 10_000;

/**
 * CAS logout requests go out in the background: the session that ended is not kept waiting for
 * applications. Each is posted to the service address the ticket was issued for, through the
 * platform's outbound guard as the application's tenant (a tenant's application cannot make the
 * platform call loopback or metadata addresses); a failure or refusal is logged, never retried.
 */
export class CasLogoutOutbox {
  private readonly waiting: CasSignOn[] = [];
  private sending = 0;
  private readonly whenIdle: (() => void)[] = [];

  constructor(private readonly ctx: AppContext) {}

  send(signOn: CasSignOn): void {
    this.waiting.push(signOn);
    this.pump();
  }

  /** Resolves once every logout request handed over so far has been answered or given up. */
  idle(): Promise<void> {
    if (this.sending === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.whenIdle.push(resolve));
  }

  private pump(): void {
    while (this.sending < CONCURRENCY && this.waiting.length) {
      const signOn = this.waiting.shift() as CasSignOn;
      this.sending++;
      this.post(signOn).finally(() => {
        this.sending--;
        this.pump();
        if (this.sending === 0 && this.waiting.length === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
      });
    }
  }

  private async post(signOn: CasSignOn): Promise<void> {
    const where = { app: signOn.appId, service: signOn.service };
    try {
      const response = await this.ctx.outbound.fetchFor(signOn.tenantId)(signOn.service, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logoutRequest: logoutRequestXml(signOn) }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) this.ctx.log?.warn({ ...where, status: response.status }, 'CAS logout request refused');
    } catch (error) {
      this.ctx.log?.warn({ ...where, err: error }, 'CAS logout request not delivered');
    }
  }
}
