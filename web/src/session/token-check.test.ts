import { describe, expect, it, vi } from 'vitest';
import { createTokenChecker } from './token-check.js';

describe('the 10 s token-age check', () => {
  it('refreshes once when the age reaches tokenTime, and releases the guard on success or failure', async () => {
    let now = 1_000_000;
    let release: () => void = () => undefined;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const checker = createTokenChecker({ tokenTime: 3000, savedAt: () => 1_000_000, refresh, now: () => now });

    expect(await checker.check()).toBe('fresh');
    now += 2_999_000;
    expect(await checker.check()).toBe('fresh');
    now += 1_000;
    const first = checker.check();
    expect(await checker.check()).toBe('busy'); // a second check while the first refresh runs
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toBe('refreshed');
    expect(checker.refreshing).toBe(false);

    refresh.mockImplementationOnce(() => Promise.reject(new Error('revoked')));
    expect(await checker.check()).toBe('failed');
    expect(checker.refreshing).toBe(false);
  });

  it('does nothing while signed out', async () => {
    const refresh = vi.fn(async () => undefined);
    expect(await createTokenChecker({ tokenTime: 0, savedAt: () => undefined, refresh }).check()).toBe('signed-out');
    expect(refresh).not.toHaveBeenCalled();
  });
});
