import { useStdin } from 'ink';
import { useEffect } from 'react';

/** Keys kept at most while no screen listens (a stuck screen must not hold a whole paste). */
const QUEUE_LIMIT = 256;
/**
 * Turns of the event loop given to React after a key before the next one goes out: a key that
 * opens a screen renders it at once, but the screen subscribes its keys in an effect React runs
 * on a later turn (Ink's useInput), and any key sent before that reaches the screen that was left.
 */
const SETTLE_TURNS = 3;

/**
 * Whether a screen subscribes keys: any listener but Ink's own Tab focus navigation, which its App
 * keeps subscribed for the whole run (a renamed one counts as a screen: keys then go out at once,
 * as they did without the queue).
 */
const screenListens = (emitter: NodeJS.EventEmitter) =>
  emitter.listeners('input').some((listener) => listener.name !== 'handleTabNavigation');

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The console's input queue. Ink hands each keypress to the `useInput` handlers subscribed at that
 * moment and to no one later, so keys could be lost in two places:
 *
 * - keys a terminal delivers together (one read, cut into keypresses) all go out in one tick: the
 *   first may open a screen (Enter in the palette), and the rest reached the screen being left;
 * - keys typed while no screen listens (between the sign-in form, which stops listening while it
 *   signs in, and the shell it opens) went nowhere, and with no handler Ink even left raw mode.
 *
 * So raw mode is held for the whole console, and every key goes through one queue: a key goes
 * out only once the key before it has been rendered and its effects have run, and only while some
 * screen listens; otherwise it waits for the next screen that subscribes. Mounted once, at the root.
 */
export function useInputQueue(): void {
  const { internal_eventEmitter: emitter, setRawMode, isRawModeSupported } = useStdin();
  useEffect(() => {
    if (!isRawModeSupported) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [isRawModeSupported, setRawMode]);

  useEffect(() => {
    if (!emitter) return;
    const emit = emitter.emit;
    const queue: unknown[] = [];
    let settling = false;
    let live = true;
    const pump = () => {
      if (!live || settling || !queue.length || !screenListens(emitter)) return;
      emit.call(emitter, 'input', queue.shift());
      settling = true;
      void (async () => {
        for (let turn = 0; turn < SETTLE_TURNS; turn++) await nextTurn();
        settling = false;
        pump();
      })();
    };
    emitter.emit = function queued(this: typeof emitter, event: string | symbol, ...args: unknown[]): boolean {
      if (event !== 'input') return emit.call(this, event, ...args);
      if (queue.length < QUEUE_LIMIT) queue.push(args[0]);
      pump();
      return true;
    } as typeof emitter.emit;
    // A screen that starts listening takes the keys that waited for it (once its siblings have subscribed too).
    const onSubscribe = (event: string | symbol) => {
      if (event === 'input' && queue.length) void nextTurn().then(pump);
    };
    emitter.on('newListener', onSubscribe);
    return () => {
      live = false;
      emitter.emit = emit;
      emitter.off('newListener', onSubscribe);
    };
  }, [emitter]);
}
