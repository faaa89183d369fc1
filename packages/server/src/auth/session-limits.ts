import { type ComplianceSettings, defineMessages } from '@sso/shared-api';

/**
 * The compliance profile's session limits (`sessionIdleMinutes`, `sessionMaxHours`; 0 is none,
 * and both are none while the tenant's profile is off): a session without a request for the idle
 * time, or older than the longest time since its sign-in, ends; its tokens are refused (401) and
 * it cannot be refreshed.
 */
export interface SessionLimits {
  /** 0: no idle limit. */
  idleMs: number;
  /** 0: no limit since sign-in. */
  maxMs: number;
}

export const NO_SESSION_LIMITS: SessionLimits = { idleMs: 0, maxMs: 0 };

/**
 * A node writes a session's last request down at most this often: the idle limit is exact to
 * within this much, and a busy session costs one write a minute, not one a request.
 */
export const LAST_SEEN_WRITE_MS = 60_000;

export type SessionLimitReached = 'idle' | 'max-age';

export const sessionLimitMessages = defineMessages('sessionLimit', {
  idle: ['会话长时间未操作，已结束，请重新登录', 'The session ended after a period without activity; sign in again'],
  maxAge: ['会话已达到最长时限，请重新登录', 'The session reached its longest allowed time; sign in again'],
});

export function sessionLimitsOf(settings: ComplianceSettings): SessionLimits {
  return { idleMs: settings.sessionIdleMinutes * 60_000, maxMs: settings.sessionMaxHours * 3_600_000 };
}

/** Which limit a session has reached, if any. */
export function limitReached(
  limits: SessionLimits,
  session: { startedAt: number; lastSeenAt: number },
  now = Date.now(),
): SessionLimitReached | undefined {
  if (limits.maxMs > 0 && now - session.startedAt >= limits.maxMs) return 'max-age';
  if (limits.idleMs > 0 && now - session.lastSeenAt >= limits.idleMs) return 'idle';
  return undefined;
}
