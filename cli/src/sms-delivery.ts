import { ApiError, type ResourceApi, type sms } from '@sso/shared-api';
import type { ChunkSender } from './bulk.js';

type SmsApi = Pick<ResourceApi<typeof sms>, 'sendMessage' | 'logs'>;
export interface SmsMessage {
  code: string;
  params?: string;
}
interface Phone {
  index: number;
  phone: string;
}
type Failure = { index: number; message: string };
/** What the SMS log says happened to a phone since the run began. */
type Fate = 'sent' | 'refused' | 'untouched';

/** The server takes at most 2000 characters of comma-joined phones in one call. */
const MAX_PHONES_TEXT = 2000;

/** A chunk split into calls whose comma-joined phones fit the server's limit. */
export function callsOf(phones: string[]): Phone[][] {
  const calls: Phone[][] = [];
  let call: Phone[] = [];
  let length = 0;
  phones.forEach((phone, index) => {
    if (call.length && length + 1 + phone.length > MAX_PHONES_TEXT) {
      calls.push(call);
      call = [];
      length = 0;
    }
    length += (call.length ? 1 : 0) + phone.length;
    call.push({ index, phone });
  });
  if (call.length) calls.push(call);
  return calls;
}

/**
 * The newest id in the tenant's SMS log before the run: rows above it were written by the run.
 * Every send is logged, whatever the provider, so the log tells how far a failed call got.
 * Undefined when the caller may send but not read the log.
 */
export async function logMark(api: SmsApi): Promise<bigint | undefined> {
  try {
    const rows = await api.logs({});
    return rows.reduce((max, row) => (BigInt(row.id) > max ? BigInt(row.id) : max), 0n);
  } catch (error) {
    if (error instanceof ApiError && error.code === 403) return undefined;
    throw error;
  }
}

const UNKNOWN_REACH = '未能读取短信日志，可能部分已发送 (the SMS log is not readable: some of these may have gone out)';

async function fateOf(api: SmsApi, mark: bigint, phone: string): Promise<Fate> {
  const rows = (await api.logs({ phone })).filter((row) => BigInt(row.id) > mark);
  if (rows.some((row) => !row.outcome?.startsWith('failed'))) return 'sent';
  return rows.length ? 'refused' : 'untouched';
}

/** The server sends phone after phone, so the sent ones are a prefix: find its end by bisection. */
async function whereItStopped(api: SmsApi, mark: bigint, phones: Phone[]): Promise<{ stopped: number; fate: Fate }> {
  const fates = new Map<number, Fate>();
  let low = 0;
  let high = phones.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const fate = await fateOf(api, mark, phones[middle].phone);
    fates.set(middle, fate);
    if (fate === 'sent') low = middle + 1;
    else high = middle;
  }
  if (low === phones.length) return { stopped: low, fate: 'sent' };
  return { stopped: low, fate: fates.get(low) ?? (await fateOf(api, mark, phones[low].phone)) };
}

/**
 * One call for its phones. The server stops at the first phone it cannot send (over the rate
 * limit: 429; refused by the provider: logged as failed) and answers one error for the call,
 * the phones before it already sent. That phone fails with the reason and the rest go in a new
 * call, so nobody gets a message twice. Any other error fails every phone it did not reach.
 */
async function deliver(api: SmsApi, message: SmsMessage, mark: bigint | undefined, phones: Phone[], failures: Failure[]): Promise<void> {
  let rest = phones;
  while (rest.length) {
    try {
      await api.sendMessage(undefined, { code: message.code, phones: rest.map((p) => p.phone).join(','), params: message.params });
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 401 || error.code === 403) throw error;
      if (mark === undefined) {
        for (const p of rest) failures.push({ index: p.index, message: `${error.message}; ${UNKNOWN_REACH}` });
        return;
      }
      const { stopped, fate } = await whereItStopped(api, mark, rest);
      if (stopped === rest.length) return;
      if (error.code !== 429 && fate !== 'refused') {
        for (const p of rest.slice(stopped)) failures.push({ index: p.index, message: error.message });
        return;
      }
      failures.push({ index: rest[stopped].index, message: error.message });
      rest = rest.slice(stopped + 1);
    }
  }
}

/** Sends a chunk of phones (in as many calls as the length limit needs); answers each failure. */
export function smsSender(api: SmsApi, message: SmsMessage, mark: bigint | undefined): ChunkSender<string> {
  return async (phones) => {
    const failures: Failure[] = [];
    for (const call of callsOf(phones)) await deliver(api, message, mark, call, failures);
    return failures;
  };
}
