/**
 * A terminal delivers whatever bytes arrived since its last read as one chunk, so a name typed
 * and then Enter (a fast typist, a paste, a loaded machine, a script driving the terminal) can
 * reach the console as "lockedone\r". Ink hands such a chunk to the screens as one "input" with
 * no key flags, and a text field would keep the letters and drop the Enter.
 *
 * Every control character (Enter, Tab, Backspace, Ctrl+letter) is therefore its own keypress:
 * `splitKeypresses` cuts a chunk before and after each one. Escape is left alone: it starts the
 * arrow and function-key sequences, which Ink's own parser separates, and those sequences never
 * contain another control character, so no cut falls inside one.
 */
export function splitKeypresses(chunk: string): string[] {
  const pieces: string[] = [];
  let text = '';
  for (const character of chunk) {
    if (!isControlKey(character)) {
      text += character;
      continue;
    }
    if (text) pieces.push(text);
    pieces.push(character);
    text = '';
  }
  if (text) pieces.push(text);
  return pieces;
}

const ESCAPE = 0x1b;
const DELETE = 0x7f;
/** C0 control characters and Delete, but not Escape. */
function isControlKey(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 0x20 && code !== ESCAPE) || code === DELETE;
}

/**
 * The process's stdin as Ink reads it, with each `read()` returning one keypress-sized piece:
 * Ink loops on `read()` until it returns null, so the pieces of a chunk reach it in order.
 * Everything else (raw mode, encoding, listeners) is the real stream's.
 */
export function keypressStdin(stdin: NodeJS.ReadStream): NodeJS.ReadStream {
  const queued: string[] = [];
  const read = (size?: number): string | Buffer | null => {
    if (queued.length) return queued.shift() ?? null;
    const chunk = stdin.read(size) as string | Buffer | null;
    if (typeof chunk !== 'string') return chunk;
    const pieces = splitKeypresses(chunk);
    queued.push(...pieces.slice(1));
    return pieces[0] ?? chunk;
  };
  return new Proxy(stdin, {
    get(target, property) {
      if (property === 'read') return read;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
