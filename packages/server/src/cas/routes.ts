import {
  badRequest,
  CAS_GATEWAY_PATH,
  CAS_LOGOUT_PATH,
  CAS_TICKET_PATH,
  defineMessages,
  forbidden,
  ok,
  redirectRefusal,
  say,
} from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appForAddress } from '../apps/protocol-apps.js';
import { admitSignOn, type SignOnRefusal } from '../apps/sign-on.js';
import { spendFreshSignIn } from '../auth/fresh-sign-in.js';
import { browserSession } from '../auth/live-session.js';
import { registeredRedirect } from '../auth/redirects.js';
import type { AppContext } from '../context.js';
import { type Caller, callerOf } from '../kernel/caller.js';
import { appTickets } from './app-tickets.js';
import { type CasPrincipal, casFailure, casSuccess } from './cas-xml.js';
import { casPrincipal } from './principal.js';
import { recordCasSignOn } from './sign-ons.js';

/** A service ticket lives 10 seconds: the application validates it straight after the redirect. */
export const SERVICE_TICKET_LIFETIME_MS = 10_000;

export const casMessages = defineMessages('cas', {
  noService: ['缺少 service 参数', 'The service parameter is missing'],
  renewNeedsSignIn: ['该应用要求重新输入密码或验证码登录', 'This application asks you to sign in again with your password or a code'],
});

interface TicketPayload {
  principal: CasPrincipal;
  /** Issued with the freshness of a sign-in that presented a credential (what `renew=true` validation asks for). */
  primary: boolean;
}

const flag = z.enum(['true', 'false']).optional();
const sameService = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
}

/**
 * CAS 2.0/3.0 for applications with protocol `cas`. A browser signed in to the platform (the web
 * app's token cookie) gets its ticket from `/cas/login` at once; otherwise, or with `renew`, it is
 * sent to the sign-in page, which (signed in, or once signed in) asks `POST cas/ticket` for the
 * service's address with a ticket. Tickets are single use, live
 * 10 seconds and are validated only for the service they were issued to.
 */
export function registerCasRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tickets = appTickets(ctx);

  /**
   * A service ticket for the caller, through the one sign-on pipeline (a cas application of the
   * caller's tenant at that address, which the caller may open; the open recorded): the service's
   * address with the ticket, or why not.
   */
  const issueTicket = async (
    caller: Caller,
    service: string,
    renew: boolean,
    request: Pick<FastifyRequest, 'ip'>,
  ): Promise<{ url: string; refusal?: undefined } | { url?: undefined; refusal: SignOnRefusal | 'renew' }> => {
    const app = await appForAddress(ctx, 'cas', service, caller.tenant_id);
    // The ticket's freshness is looked at only for a sign-on the pipeline admits.
    const admitted = await admitSignOn(ctx, { caller, app, target: service, request });
    if (!admitted.admitted) return { refusal: admitted.refusal };
    const { granted } = admitted;
    // Every ticket spends the freshness of its session's sign-in, so one sign-in satisfies one renew at most.
    const primary = await spendFreshSignIn(ctx.db, caller);
    if (renew && !primary) return { refusal: 'renew' };
    const payload: TicketPayload = { principal: await casPrincipal(ctx, caller), primary };
    const ticket = await tickets.issue('cas', 'ST-', SERVICE_TICKET_LIFETIME_MS, { appId: granted.id, service, payload });
    const signOn = { ticket, sessionId: caller.sid, appId: granted.id, tenantId: admitted.app.tenantId, service };
    await recordCasSignOn(ctx, { ...signOn, principal: payload.principal.user });
    const url = new URL(service);
    url.searchParams.set('ticket', ticket);
    return { url: url.href };
  };

  app.get(
    '/cas/login',
    {
      schema: {
        hide: true,
        querystring: z.object({ service: z.string().max(2000).optional(), renew: flag, gateway: flag }),
      },
    },
    async (request, reply) => {
      const { service, renew, gateway } = request.query;
      if (!service) return reply.redirect('/login');
      if (!(await appForAddress(ctx, 'cas', service)))
        return reply.status(400).type('text/plain; charset=utf-8').send(redirectRefusal(service).text);
      // A browser signed in to the platform gets its ticket here, in one exchange, unless the
      // service asks for a fresh sign-in (renew). A refusal is the sign-in page's to show.
      const platform = renew === 'true' ? undefined : await browserSession(ctx, request.headers.cookie, CAS_TICKET_PATH);
      const issued = platform && (await issueTicket(platform.caller, service, false, request));
      if (issued?.url) return reply.redirect(issued.url);
      const target = new URLSearchParams({ cas: service });
      if (renew === 'true') target.set('renew', 'true');
      else if (gateway === 'true') target.set('gateway', 'true');
      return reply.redirect(`/login?${target}`);
    },
  );

  app.post(
    CAS_TICKET_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: "CAS: the service's address with a new service ticket for the signed-in user",
        querystring: z.object({ service: z.string().max(2000), renew: flag }),
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: z.object({ url: z.string() }), msg: z.string() }) },
      },
    },
    async (request) => {
      const { service, renew } = request.query;
      const issued = await issueTicket(callerOf(request), service, renew === 'true', request);
      if (issued.refusal === 'not-granted') throw forbidden(say('forbidden'));
      if (issued.refusal === 'renew') throw badRequest(casMessages.say.renewNeedsSignIn);
      if (issued.refusal) throw badRequest(redirectRefusal(service));
      return ok({ url: issued.url });
    },
  );

  // gateway=true from a browser without a session: back to the service with no ticket (the
  // application then knows the user is not signed in), but only to a registered cas service.
  app.post(
    CAS_GATEWAY_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'CAS gateway without a session: the service address to return to without a ticket, when it is registered',
        querystring: z.object({ service: z.string().max(2000) }),
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: z.object({ url: z.string() }), msg: z.string() }) },
      },
    },
    async (request) => {
      const { service } = request.query;
      if (!(await appForAddress(ctx, 'cas', service))) throw badRequest(redirectRefusal(service));
      return ok({ url: service });
    },
  );

  const validate = (withAttributes: boolean) => async (request: { query: Record<string, string | undefined> }, reply: FastifyReply) => {
    const { service, ticket, renew } = request.query;
    if (!service || !ticket) return sendXml(reply, casFailure('INVALID_REQUEST', 'service and ticket are required'));
    if (!ticket.startsWith('ST-')) return sendXml(reply, casFailure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
    const grant = await tickets.redeem<TicketPayload>('cas', ticket);
    if (!grant) return sendXml(reply, casFailure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
    if (!sameService(grant.service, service))
      return sendXml(reply, casFailure('INVALID_SERVICE', `Ticket ${ticket} does not match the service`));
    if (renew === 'true' && !grant.payload.primary) {
      return sendXml(reply, casFailure('INVALID_TICKET', `Ticket ${ticket} was not issued from a sign-in with the user's credentials`));
    }
    return sendXml(reply, casSuccess(grant.payload.principal, withAttributes));
  };
  const validationQuery = z.object({
    service: z.string().max(2000).optional(),
    ticket: z.string().max(256).optional(),
    renew: flag,
    format: z.string().optional(),
  });
  app.get('/cas/serviceValidate', { schema: { hide: true, querystring: validationQuery } }, validate(false));
  // CAS 1.0: `yes\n<account>\n` or `no\n\n`, the same ticket rules as the XML validations.
  app.get('/cas/validate', { schema: { hide: true, querystring: validationQuery } }, async (request, reply) => {
    const { service, ticket, renew } = request.query;
    const text = (body: string) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
    if (!service || !ticket?.startsWith('ST-')) return text('no\n\n');
    const grant = await tickets.redeem<TicketPayload>('cas', ticket);
    if (!grant || !sameService(grant.service, service) || (renew === 'true' && !grant.payload.primary)) return text('no\n\n');
    return text(`yes\n${grant.payload.principal.user}\n`);
  });
  app.get('/cas/p3/serviceValidate', { schema: { hide: true, querystring: validationQuery } }, validate(true));

  // Signing out happens in the browser, where the session token is kept: the sign-in page ends it.
  app.get(
    '/cas/logout',
    { schema: { hide: true, querystring: z.object({ service: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const service = request.query.service;
      return reply.redirect(`/login?${new URLSearchParams({ casLogout: service ?? '' })}`);
    },
  );

  app.post(
    CAS_LOGOUT_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'CAS sign-out: ends the calling session (if any) and answers the service only when it is registered',
        querystring: z.object({ service: z.string().max(2000).optional() }),
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: z.object({ url: z.string() }), msg: z.string() }) },
      },
    },
    async (request) => {
      const tenantId = request.caller?.tenant_id;
      if (request.caller) await ctx.sessions.revoke(request.caller.sid, 'logout');
      const service = request.query.service;
      const registered = service
        ? ((await appForAddress(ctx, 'cas', service)) ?? (await registeredRedirect(ctx, service, tenantId)))
        : undefined;
      return ok({ url: registered && service ? service : '' });
    },
  );
}
