import { type TokenError, type TokenResponse, USER_INFO_PATH, type UserInfo } from '../auth.js';
import { DEFAULT_TENANT_ID, TOKEN_HEADER } from '../constants.js';
import { md5, toBase64 } from '../digest.js';
import { SM2_PUBLIC_KEY_PATH } from '../directory-password.js';
import { ApiError, type Envelope } from '../envelope.js';
import { LOCKOUT_BASE, type ThrottledAddress } from '../lockout.js';
import {
  CAPTCHA_PATH,
  type CaptchaImage,
  HOST_TENANT_PATH,
  type HostTenant,
  LOGIN_OPTIONS_PATH,
  type LoginOptions,
} from '../login-options.js';
import { PASSKEY_BASE, PASSKEY_GRANT, type PasskeyRequestOptions } from '../passkeys.js';
import { HANDOFF_PATH, type HandoffResponse } from '../redirect-contract.js';
import { MFA_REQUIRED, RESETWORD_PATH, SEND_SMS_PATH } from '../sign-in-methods.js';
import {
  APP_NAME_PATH,
  CAS_GATEWAY_PATH,
  CAS_LOGOUT_PATH,
  CAS_TICKET_PATH,
  CLEAR_CACHE_PATH,
  type NextAddress,
  OAUTH_TOKEN_PATH,
  SAML_LOGOUT_PATH,
  SAML_RESPONSE_PATH,
  type SamlPost,
} from '../sign-on-paths.js';
import { type QueryValue, type Transport, toQueryString } from './transport.js';

/** What the client remembers of a sign-in. */
export interface Session {
  token: TokenResponse;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
}

export interface SessionStore {
  load(): Session | undefined;
  save(session: Session | undefined): void;
}

export function memoryStore(initial?: Session): SessionStore {
  let current = initial;
  return {
    load: () => current,
    save: (session) => {
      current = session;
    },
  };
}

export interface ClientOptions {
  baseUrl: string;
  transport: Transport;
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  store?: SessionStore;
  language?: 'zh' | 'en';
  /** Called when the session ends (401 without a usable refresh token). */
  onSignedOut?: () => void;
  /** Refresh this many ms before the access token expires. */
  refreshMarginMs?: number;
}

export interface LoginInput {
  username: string;
  /** Plain password; the client sends its md5 digest as the browser does. */
  password: string;
  tenantId?: string;
  deptId?: string;
  roleId?: string;
  /** The captcha shown (key) and what the user read from it: signs in with grant_type=captcha. */
  captcha?: { key: string; code: string };
}

/**
 * The sign-in part of the SDK: tokens (password, captcha, phone, second factor, refresh), logout,
 * captcha, login options, SMS codes, the hand-off and the enveloped `call` every request goes
 * through. It carries no resource definitions, so a sign-in page can load it alone; `SsoClient`
 * adds the registry's resource namespaces on top.
 */
export class AuthClient {
  readonly options: Required<Omit<ClientOptions, 'onSignedOut' | 'language'>> & Pick<ClientOptions, 'onSignedOut' | 'language'>;
  private refreshing: Promise<TokenResponse> | undefined;

  constructor(options: ClientOptions) {
    this.options = {
      clientId: 'saber',
      clientSecret: 'saber_secret',
      tenantId: DEFAULT_TENANT_ID,
      store: memoryStore(),
      refreshMarginMs: 60_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  get session(): Session | undefined {
    return this.options.store.load();
  }

  /** Password grant; the password is digested here. */
  async login(input: LoginInput): Promise<TokenResponse> {
    return this.loginWithDigest({ ...input, password: md5(input.password) });
  }

  /**
   * Password grant with the password sealed under the platform's SM2 public key (`seal` encrypts,
   * e.g. sm-crypto's `sm2.doEncrypt(password, publicKey, 1)`): the way a user synced from an LDAP
   * directory signs in, as a directory checks the password itself and never its digest. The
   * password stays unreadable on the way even without TLS. When the key cannot be read it
   * digests as `login` does.
   */
  async loginSealed(input: LoginInput, seal: (password: string, publicKey: string) => string | Promise<string>): Promise<TokenResponse> {
    const publicKey = await this.call<string>('GET', SM2_PUBLIC_KEY_PATH).catch(() => undefined);
    if (typeof publicKey !== 'string' || !publicKey) return this.login(input);
    return this.loginWithDigest({ ...input, password: await seal(input.password, publicKey) });
  }

  /** Password grant with the password as it is to be sent: its md5 hex digest, or sealed (see `loginSealed`). */
  async loginWithDigest(input: LoginInput): Promise<TokenResponse> {
    const tenantId = input.tenantId ?? this.options.tenantId;
    const grant = input.captcha ? 'captcha' : 'password';
    const captcha: Record<string, string> = input.captcha ? { 'Captcha-Key': input.captcha.key, 'Captcha-Code': input.captcha.code } : {};
    const token = await this.tokenRequest(
      { grant_type: grant, scope: 'all', type: 'account', tenantId, username: input.username, password: input.password },
      {
        'Tenant-Id': tenantId,
        ...captcha,
        ...(input.deptId ? { 'Dept-Id': input.deptId } : {}),
        ...(input.roleId ? { 'Role-Id': input.roleId } : {}),
      },
    );
    return token;
  }

  /** Phone grant: the code sent by oauth/sendSms (see `sendSmsCode`). */
  async loginWithPhone(input: {
    phone: string;
    code: string;
    tenantId?: string;
    captcha?: { key: string; code: string };
  }): Promise<TokenResponse> {
    const tenantId = input.tenantId ?? this.options.tenantId;
    const captcha: Record<string, string> = input.captcha ? { 'Captcha-Key': input.captcha.key, 'Captcha-Code': input.captcha.code } : {};
    return this.tokenRequest(
      { grant_type: 'phone', scope: 'all', tenantId, phone: input.phone, phoneCode: input.code },
      { 'Tenant-Id': tenantId, ...captcha },
    );
  }

  /**
   * The second step of a sign-in: a first step of a user with a second factor fails with an
   * ApiError of code 428 whose data is `{ mfaTicket }`; this sends it with a TOTP or recovery code.
   */
  async completeSecondFactor(ticket: string, code: string, tenantId?: string): Promise<TokenResponse> {
    const tenant = tenantId ?? this.options.tenantId;
    return this.tokenRequest(
      { grant_type: 'mfa', scope: 'all', tenantId: tenant, mfa_ticket: ticket, mfa_code: code },
      { 'Tenant-Id': tenant },
    );
  }

  /** Options for a passwordless sign-in with a passkey (public): give them to the browser's WebAuthn `get`. */
  passkeySignInOptions(tenantId?: string): Promise<PasskeyRequestOptions> {
    return this.call('POST', `${PASSKEY_BASE}/sign-in-options`, { tenantId: tenantId ?? this.options.tenantId });
  }

  /** Passwordless sign-in: the passkey's answer (WebAuthn JSON text) to `passkeySignInOptions`. */
  async loginWithPasskey(passkey: string, tenantId?: string): Promise<TokenResponse> {
    const tenant = tenantId ?? this.options.tenantId;
    return this.tokenRequest({ grant_type: PASSKEY_GRANT, scope: 'all', tenantId: tenant, passkey }, { 'Tenant-Id': tenant });
  }

  /** Options for answering the second step of a sign-in (the ticket of its first step) with a passkey. */
  passkeySecondStepOptions(ticket: string): Promise<PasskeyRequestOptions> {
    return this.call('POST', `${PASSKEY_BASE}/second-step-options`, { ticket });
  }

  /** The second step answered with a passkey (its answer to `passkeySecondStepOptions`) instead of a code. */
  async completeSecondFactorWithPasskey(ticket: string, passkey: string, tenantId?: string): Promise<TokenResponse> {
    const tenant = tenantId ?? this.options.tenantId;
    return this.tokenRequest({ grant_type: 'mfa', scope: 'all', tenantId: tenant, mfa_ticket: ticket, passkey }, { 'Tenant-Id': tenant });
  }

  /** Sends a 6-digit code to a phone (public); a captcha once the address has asked for several. */
  sendSmsCode(phone: string, tenantId?: string, captcha?: { key: string; code: string }): Promise<boolean> {
    return this.publicPost(SEND_SMS_PATH, { phone, tenantId: tenantId || this.options.tenantId }, captcha);
  }

  /** Replaces a forgotten password with an SMS code (public); every session of the account ends. */
  resetForgottenPassword(input: {
    tenantId?: string;
    loginNumber: string;
    phone: string;
    code: string;
    password: string;
  }): Promise<boolean> {
    const digest = md5(input.password);
    return this.publicPost(RESETWORD_PATH, {
      tenantId: input.tenantId || this.options.tenantId,
      loginNumber: input.loginNumber,
      phone: input.phone,
      code: input.code,
      newPassword: digest,
      newPassword1: digest,
      passwordBase64: toBase64(input.password),
    });
  }

  private async publicPost<T>(path: string, query: Record<string, string>, captcha?: { key: string; code: string }): Promise<T> {
    const headers: Record<string, string> = { ...this.headers(), 'Tenant-Id': query.tenantId ?? this.options.tenantId };
    delete headers[TOKEN_HEADER];
    if (captcha) Object.assign(headers, { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code });
    const response = await this.options.transport({ method: 'POST', url: this.options.baseUrl + path + toQueryString(query), headers });
    const body = response.body as Partial<Envelope> | null;
    if (body?.code !== 200) throw new ApiError(body?.code ?? response.status, body?.msg || '未知错误', body?.data ?? null);
    return body.data as T;
  }

  /** A new captcha picture; the server answers it without the envelope, as BladeX does. */
  async captcha(): Promise<CaptchaImage> {
    const response = await this.options.transport({ method: 'GET', url: this.options.baseUrl + CAPTCHA_PATH, headers: this.headers() });
    const body = response.body as Partial<CaptchaImage & Envelope> | null;
    if (response.status !== 200 || typeof body?.key !== 'string' || typeof body.image !== 'string') {
      throw new ApiError(body?.code ?? response.status, body?.msg || '未知错误');
    }
    return { key: body.key, image: body.image };
  }

  /** Whether the sign-in form asks for the tenant and needs a captcha (of `tenantId`, else the platform's). */
  loginOptions(tenantId?: string): Promise<LoginOptions> {
    return this.call('GET', LOGIN_OPTIONS_PATH, tenantId ? { tenantId } : undefined);
  }

  /** The tenant bound to a domain (public): a sign-in form on that host needs no tenant field. */
  hostTenant(domain: string): Promise<HostTenant> {
    return this.call('GET', HOST_TENANT_PATH, { domain });
  }

  /** Rotate the refresh token; concurrent callers share one request. */
  refresh(switchTo: { deptId?: string; roleId?: string } = {}): Promise<TokenResponse> {
    if (!this.refreshing) {
      const session = this.session;
      if (!session) return Promise.reject(new ApiError(401, '未登录'));
      this.refreshing = this.tokenRequest(
        { grant_type: 'refresh_token', scope: 'all', refresh_token: session.token.refresh_token, tenantId: session.token.tenant_id },
        {
          'Tenant-Id': session.token.tenant_id,
          ...(switchTo.deptId ? { 'Dept-Id': switchTo.deptId } : {}),
          ...(switchTo.roleId ? { 'Role-Id': switchTo.roleId } : {}),
        },
      ).finally(() => {
        this.refreshing = undefined;
      });
    }
    return this.refreshing;
  }

  async logout(errorLogs?: unknown[]): Promise<void> {
    try {
      if (this.session) await this.call('POST', '/api/blade-auth/oauth/logout', undefined, errorLogs ?? []);
    } finally {
      this.options.store.save(undefined);
    }
  }

  userInfo(): Promise<UserInfo> {
    return this.call('GET', USER_INFO_PATH);
  }

  /** Client addresses throttled for failed sign-ins (platform administrators). */
  throttledAddresses(): Promise<ThrottledAddress[]> {
    return this.call('GET', `${LOCKOUT_BASE}/addresses`);
  }

  /** Releases throttled client addresses at once (platform administrators). */
  clearAddresses(ips: readonly string[]): Promise<boolean> {
    return this.call('POST', `${LOCKOUT_BASE}/clear-address`, { ips: ips.join(',') });
  }

  /**
   * Single sign-on hand-off: the server checks `redirect` against the registered redirect URIs
   * and answers it with a fresh access token of this session appended; a refusal is an ApiError.
   */
  handoff(redirect: string): Promise<HandoffResponse> {
    return this.call('POST', HANDOFF_PATH, { redirect });
  }

  /** The name of the application asking for a sign-in (public; '' when it is unknown or disabled). */
  askingAppName(appCode: string): Promise<string> {
    return this.call('POST', APP_NAME_PATH, { appCode });
  }

  /** CAS: the service's address with a fresh service ticket of this session (`renew`: only a sign-in made just now counts). */
  casTicket(service: string, renew = false): Promise<NextAddress> {
    return this.call('POST', CAS_TICKET_PATH, renew ? { service, renew: 'true' } : { service });
  }

  /** CAS `gateway=true` without a session: the service's address without a ticket, when it is a registered one. */
  casGateway(service: string): Promise<NextAddress> {
    return this.call('POST', CAS_GATEWAY_PATH, { service });
  }

  /** CAS sign-out: ends this session and its CAS sign-ons; `url` is the service to return to ('' when not registered). */
  casLogout(service?: string): Promise<NextAddress> {
    return this.call('POST', CAS_LOGOUT_PATH, service ? { service } : undefined);
  }

  /** SAML: the response to post to the application, for a pending request's key or (IdP-initiated) an application code. */
  samlResponse(target: { request: string } | { appCode: string }): Promise<SamlPost> {
    return this.call('POST', SAML_RESPONSE_PATH, target);
  }

  /** SAML sign-out: ends this session; the LogoutResponse to post back when a pending LogoutRequest's key is given (else no url). */
  samlLogout(request?: string): Promise<Partial<SamlPost>> {
    return this.call('POST', SAML_LOGOUT_PATH, request ? { request } : undefined);
  }

  /** BladeX hand-off (`grant_type=sso`): the application's address with a token for it, when `referer` is registered for it. */
  appHandOff(appCode: string, referer: string): Promise<{ redirect_uri: string }> {
    return this.call('POST', OAUTH_TOKEN_PATH, { grant_type: 'sso', appCode, referer });
  }

  /** Drops the server's cached dictionaries, parameters and menus. */
  clearServerCache(): Promise<unknown> {
    return this.call('GET', CLEAR_CACHE_PATH);
  }

  /**
   * Any /api call: headers, automatic refresh, envelope unwrapping into data or ApiError. A FormData
   * body goes as multipart; `binary` answers a file as a Uint8Array (errors still as ApiError).
   */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
    options: { binary?: boolean; onHeaders?: (headers: Record<string, string>) => void } = {},
  ): Promise<T> {
    await this.refreshIfDue();
    const send = () => this.send(method, path, query, body, options.binary, options.onHeaders);
    let envelope = await send();
    if (envelope.code === 401 && this.session) {
      try {
        await this.refresh();
      } catch {
        this.signedOut();
        throw new ApiError(401, envelope.msg);
      }
      envelope = await send();
    }
    if (envelope.code === 401) this.signedOut();
    if (envelope.code !== 200) throw new ApiError(envelope.code, envelope.msg || '未知错误', envelope.data);
    return envelope.data as T;
  }

  /**
   * A file (`GET`, a `download: true` extra) with its answer's headers, as `call` fetches it
   * (bearer, refresh, errors as ApiError): a signed export's digest and signature travel in them.
   */
  async download(path: string, query?: Record<string, QueryValue>): Promise<{ bytes: Uint8Array; headers: Record<string, string> }> {
    let headers: Record<string, string> = {};
    const bytes = await this.call<Uint8Array>('GET', path, query, undefined, {
      binary: true,
      onHeaders: (answered) => {
        headers = answered;
      },
    });
    return { bytes, headers };
  }

  /** The key of the writes made inside `withIdempotencyKey`, and how many were made. */
  private idempotency: { base: string; sent: number } | undefined;

  /**
   * Every write (POST) made while `work` runs carries an `Idempotency-Key`: `base`, then `-1`,
   * `-2`… in the order they are made. Running the same work again with the same base (a re-run
   * after a failure) repeats the same keys, so the server answers what it did the first time
   * instead of writing again (within 24 hours).
   */
  async withIdempotencyKey<T>(base: string, work: () => Promise<T>): Promise<T> {
    const outer = this.idempotency;
    this.idempotency = { base, sent: 0 };
    try {
      return await work();
    } finally {
      this.idempotency = outer;
    }
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
    binary?: boolean,
    onHeaders?: (headers: Record<string, string>) => void,
  ): Promise<Envelope> {
    const headers = this.headers();
    if (method === 'POST' && this.idempotency) {
      const { base, sent } = this.idempotency;
      headers['Idempotency-Key'] = sent ? `${base}-${sent}` : base;
      this.idempotency.sent++;
    }
    const response = await this.options.transport({
      method,
      url: this.options.baseUrl + path + toQueryString(query),
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...(binary ? { responseType: 'binary' as const } : {}),
    });
    if (response.body instanceof Uint8Array && response.status === 200) {
      onHeaders?.(response.headers ?? {});
      return { code: 200, success: true, data: response.body, msg: '' };
    }
    const payload = response.body as (Partial<Envelope> & { error_description?: string }) | null;
    if (payload && typeof payload === 'object' && typeof payload.code === 'number') return payload as Envelope;
    const msg = payload?.error_description ?? (typeof payload === 'string' ? payload : '未知错误');
    return { code: response.status, success: response.status === 200, data: payload, msg };
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${toBase64(`${this.options.clientId}:${this.options.clientSecret}`)}`,
      'Tenant-Id': this.session?.token.tenant_id ?? this.options.tenantId,
    };
    if (this.options.language) headers['Accept-Language'] = this.options.language;
    const token = this.session?.token.access_token;
    if (token) headers[TOKEN_HEADER] = `bearer ${token}`;
    return headers;
  }

  private async tokenRequest(query: Record<string, string>, extraHeaders: Record<string, string>): Promise<TokenResponse> {
    const headers = { ...this.headers(), ...extraHeaders };
    delete headers[TOKEN_HEADER];
    const response = await this.options.transport({
      method: 'POST',
      url: `${this.options.baseUrl}/api/blade-auth/oauth/token${toQueryString(query)}`,
      headers,
    });
    const body = response.body as Partial<TokenResponse> & Partial<TokenError> & { msg?: string };
    if (response.status !== 200 || !body?.access_token) {
      // A second factor is due: the ticket goes back with the code (completeSecondFactor).
      const data =
        body?.error === MFA_REQUIRED
          ? { mfaTicket: body.mfa_ticket, expiresIn: body.mfa_expires_in, methods: body.mfa_methods ?? ['totp'] }
          : null;
      throw new ApiError(body?.error_code ?? response.status, body?.error_description ?? body?.msg ?? '未知错误', data);
    }
    const token = body as TokenResponse;
    this.options.store.save({ token, expiresAt: Date.now() + token.expires_in * 1000 });
    return token;
  }

  private async refreshIfDue(): Promise<void> {
    const session = this.session;
    if (!session || session.expiresAt - Date.now() > this.options.refreshMarginMs) return;
    try {
      await this.refresh();
    } catch {
      // the request goes out anyway; a 401 then signs out
    }
  }

  private signedOut(): void {
    this.options.store.save(undefined);
    this.options.onSignedOut?.();
  }
}
