import type { OutboundFetch } from '../net/outbound-guard.js';

/** One message to one phone through a provider. */
export interface SmsMessage {
  phone: string;
  templateId: string;
  signName: string;
  params: Record<string, string>;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves with the provider's id of the message; throws with the provider's reason. */
  send(message: SmsMessage): Promise<string>;
}

export interface SmsCredentials {
  accessKey: string;
  secretKey: string;
  region: string;
  endpoint?: string;
  appId?: string;
  /** The connection the tenant's calls go through (checked by the outbound guard); global fetch by default. */
  fetch?: OutboundFetch;
}

export const TIMEOUT_MS = 10_000;
