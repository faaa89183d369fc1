import { Text } from 'ink';

/** The part of Ink's key description a text edit reads. */
interface EditKey {
  backspace: boolean;
  delete: boolean;
  ctrl: boolean;
  meta: boolean;
  return: boolean;
  tab: boolean;
  escape: boolean;
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageUp: boolean;
  pageDown: boolean;
}

/**
 * A key applied to one line of text: typing appends, Backspace deletes, Ctrl+U clears. Undefined
 * for keys that are not editing (Enter, Tab, arrows…), which the form handles. The form applies
 * it to the value it holds at that moment, so keys arriving together (a paste) are all kept.
 */
export function editText(previous: string, input: string, key: EditKey): string | undefined {
  if (key.backspace || key.delete) return [...previous].slice(0, -1).join('');
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl || key.meta || key.return || key.tab || key.escape || key.upArrow || key.downArrow) return undefined;
  if (key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || !input) return undefined;
  return previous + input.replace(/[\r\n]/g, '');
}

interface TextFieldProps {
  value: string;
  focused: boolean;
  mask?: boolean;
}

/** One line of typed text, masked for passwords, with a block cursor when focused. */
export function TextField({ value, focused, mask }: TextFieldProps) {
  const shown = mask ? '•'.repeat([...value].length) : value;
  return (
    <Text>
      {shown}
      {focused ? <Text inverse> </Text> : null}
    </Text>
  );
}
