import { type Message, resourceMessages as m, messageIn } from '@sso/shared-api';

/** The server's phone check (`+` and 11 to 15 digits). */
const PHONE = /^\+?\d{11,15}$/;

const say = (message: Message, language: string) => messageIn(message, language === 'en' ? 'en' : 'zh');

/** Comma-joined phone numbers: at least one, each well formed; the message otherwise. */
export function phonesProblem(text: string | undefined, language: string): string | undefined {
  const phones = (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!phones.length) return say(m.say.phones, language);
  if (!phones.every((p) => PHONE.test(p))) return say(m.say.phoneFormat, language);
  return undefined;
}

/** The template parameters: empty, or a JSON object (as send-message requires). */
export function paramsProblem(text: string | undefined, language: string): string | undefined {
  if (!text?.trim()) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return undefined;
  } catch {
    // reported below
  }
  return say(m.say.smsParams, language);
}
