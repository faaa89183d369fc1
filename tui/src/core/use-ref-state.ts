import { useRef, useState } from 'react';

/**
 * State whose latest value is readable at once: keys that arrive together (a paste, a fast
 * typist, a terminal driven by a script) are handled one after another before the screen redraws,
 * and each must see what the previous one did (the field it moved to, the row it moved to).
 */
export function useRefState<T>(initial: T): [T, (next: T | ((previous: T) => T)) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set = (next: T | ((previous: T) => T)) => {
    ref.current = typeof next === 'function' ? (next as (previous: T) => T)(ref.current) : next;
    setValue(ref.current);
  };
  return [value, set, ref];
}
