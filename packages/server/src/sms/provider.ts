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
}

export const TIMEOUT_MS = 10_000;
