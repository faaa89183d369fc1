import { useStdin } from 'ink';
import { useEffect, useState } from 'react';

/** Keys kept at most while no screen listens (a stuck screen must not hold a whole paste). */
const QUEUE_LIMIT = 256;
/**
 * After a key, the next one waits until the subscribed handlers have changed (Ink's useInput
 * subscribes again in the effects of every render, which React runs a few turns of the event loop
 * after drawing) and then stayed the same for STABLE_TURNS turns: the screens have drawn what the
 * key asked for and subscribed. A key that changes nothing waits MAX_SETTLE_TURNS turns at most.
 */
const STABLE_TURNS = 2;
const MAX_SETTLE_TURNS = 12;

/**
 * Whether a screen subscribes keys: any listener but Ink's own Tab focus navigation, which its App
 * keeps subscribed for the whole run (a renamed one counts as a screen: keys then go out at once,
 * as they did without the queue).
 */
const screenListens = (emitter: NodeJS.EventEmitter) =>
  emitter.listeners('input').some((listener) => listener.name !== 'handleTabNavigation');

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The queues of the consoles running, each answering when it holds no key and has settled. */
const running = new Set<() => Promise<void>>();

/** Resolves once every running console has taken the keys typed so far and settled (tests type with it). */
export async function keysTaken(): Promise<void> {
  await Promise.all([...running].map((idle) => idle()));
}

/**
 * The console's input queue, rendered once at the root. Ink hands each keypress to the `useInput`
 * handlers subscribed at that moment and to no one later, and a screen subscribes in effects that
 * run after it is drawn (sometimes a few turns later), so keys were lost in two places:
 *
 * - keys a terminal delivers together (one read, cut into keypresses) all went out in one tick:
 *   the first may open a screen (Enter in the palette), and the rest reached the screen left;
 * - keys typed while no screen listens (the sign-in form stops listening while it signs in, and
 *   the shell it opens is not drawn yet) went nowhere, and with no handler Ink even left raw mode.
 *
 * So raw mode is held for the whole console, and every key goes through this queue: a key goes out
 * once the key before it has settled (see STABLE_TURNS), and only while a screen listens; keys
 * typed while none does wait for the next screen that subscribes.
 */
export function InputQueue(): null {
  const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
  const [, setDelivered] = useState(0);
  useEffect(() => {
    if (!isRawModeSupported) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [isRawModeSupported, setRawMode]);

  useEffect(() => {
    if (!emitter) return;
    const emit = emitter.emit;
    const queue: unknown[] = [];
    let live = true;
    let settling = false;
    let waiters: (() => void)[] = [];
    const idle = () => !live || (!settling && queue.length === 0);
    const wakeWaiters = () => {
      if (!idle()) return;
      for (const wake of waiters) wake();
      waiters = [];
    };
    const settle = async () => {
      let seen = emitter.listeners('input');
      let changed = false;
      for (let turn = 0, stable = 0; turn < MAX_SETTLE_TURNS && !(changed && stable >= STABLE_TURNS); turn++) {
        await nextTurn();
        const now = emitter.listeners('input');
        if (same(now, seen)) stable++;
        else [changed, stable] = [true, 0];
        seen = now;
      }
    };
    const pump = () => {
      if (!live || settling || !queue.length || !screenListens(emitter)) return wakeWaiters();
      emit.call(emitter, 'input', queue.shift());
      // Outside a batch this renders at once, running first the effects the key's render left.
      setDelivered((n) => n + 1);
      settling = true;
      void settle().then(() => {
        settling = false;
        pump();
      });
    };
    emitter.emit = function queued(this: typeof emitter, event: string | symbol, ...args: unknown[]): boolean {
      if (event !== 'input') return emit.call(this, event, ...args);
      if (queue.length < QUEUE_LIMIT) queue.push(args[0]);
      pump();
      return true;
    } as typeof emitter.emit;
    // A screen that starts listening takes the keys that waited for it, on the next turn.
    const onSubscribe = (event: string | symbol) => {
      if (event === 'input' && queue.length && !settling) setImmediate(pump);
    };
    emitter.on('newListener', onSubscribe);
    const whenIdle = () => (idle() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
    running.add(whenIdle);
    return () => {
      live = false;
      running.delete(whenIdle);
      wakeWaiters();
      emitter.emit = emit;
      emitter.off('newListener', onSubscribe);
    };
  }, [emitter]);
  return null;
}
