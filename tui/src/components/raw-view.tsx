import { Box, Text, useInput } from 'ink';
import { useMemo } from 'react';
import { useLang } from '../core/i18n.js';
import { useRefState } from '../core/use-ref-state.js';
import { wrapToWidth } from '../core/width.js';

interface RawViewProps {
  title: string;
  record: unknown;
  active: boolean;
  width: number;
  /** Lines the view may take, its title and keys included. */
  height: number;
  onClose: () => void;
}

/** Lines of the view besides the JSON: border, title, position and keys. */
const CHROME = 5;

/**
 * One record as the server answered it, as indented JSON (every field, ids and all, not only the
 * table's columns). Long values wrap onto lines of their own; ↑↓ (j/k) scroll a line, PgUp/PgDn
 * (←→, space) a screen, Home/End (g/G) to either end; Esc goes back to the list.
 */
export function RawView({ title, record, active, width, height, onClose }: RawViewProps) {
  const { t } = useLang();
  const lines = useMemo(
    () => (JSON.stringify(record, null, 2) ?? 'null').split('\n').flatMap((line) => wrapToWidth(line, Math.max(10, width - 4))),
    [record, width],
  );
  const room = Math.max(3, height - CHROME);
  const last = Math.max(0, lines.length - room);
  const [top, setTop, topRef] = useRefState(0);
  useInput(
    (input, key) => {
      const to = (next: number) => setTop(Math.min(last, Math.max(0, next)));
      const from = topRef.current;
      if (key.escape) return onClose();
      if (key.downArrow || input === 'j') return to(from + 1);
      if (key.upArrow || input === 'k') return to(from - 1);
      if (key.pageDown || key.rightArrow || input === ' ') return to(from + room);
      if (key.pageUp || key.leftArrow) return to(from - room);
      if (key.home || input === 'g') return to(0);
      if (key.end || input === 'G') return to(last);
    },
    { isActive: active },
  );
  const at = Math.min(top, last);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width}>
      <Text bold color="cyan" wrap="truncate">
        {title} · JSON
      </Text>
      {lines.slice(at, at + room).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the window, redrawn in place as it scrolls
        <Text key={i} wrap="truncate">
          {line || ' '}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {`${t('rawLines', { a: at + 1, b: Math.min(lines.length, at + room), n: lines.length })} · ${t('rawKeys')}`}
      </Text>
    </Box>
  );
}
