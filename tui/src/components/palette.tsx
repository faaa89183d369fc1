import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { loadPinyin, matchScore } from '../core/fuzzy.js';
import { useLang } from '../core/i18n.js';
import { useRefState } from '../core/use-ref-state.js';
import { fit } from '../core/width.js';
import { editText, TextField } from './text-input.js';

export interface PaletteItem {
  key: string;
  label: string;
  /** Other names it answers to (the other language, the menu code, the resource name). */
  aliases: readonly string[];
}

interface PaletteProps {
  items: readonly PaletteItem[];
  active: boolean;
  width: number;
  onPick: (item: PaletteItem) => void;
  onClose: () => void;
}

/** `:` then part of a screen's name, its English name or its pinyin initials; Enter opens the best match. */
export function Palette({ items, active, width, onPick, onClose }: PaletteProps) {
  const { t } = useLang();
  const [text, setText, textRef] = useRefState('');
  const [, setPinyinReady] = useState(false);
  useEffect(() => {
    void loadPinyin().then(() => setPinyinReady(true));
  }, []);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const ranked = (query: string) =>
    items
      .map((item) => ({ item, score: matchScore(query, [item.label, ...item.aliases]) }))
      .filter((m): m is { item: PaletteItem; score: number } => m.score !== undefined)
      .sort((a, b) => a.score - b.score)
      .slice(0, 8);
  const matches = ranked(text);
  const at = Math.min(cursor, Math.max(0, matches.length - 1));
  useInput(
    (input, key) => {
      if (key.escape) return onClose();
      if (key.upArrow) return setCursor((c) => Math.max(0, c - 1));
      if (key.downArrow) return setCursor((c) => Math.min(ranked(textRef.current).length - 1, c + 1));
      if (key.return) {
        const best = ranked(textRef.current)[cursorRef.current];
        if (best) onPick(best.item);
        return;
      }
      const edited = editText(textRef.current, input, key);
      if (edited !== undefined) {
        setText(edited);
        setCursor(0);
      }
    },
    { isActive: active },
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} width={Math.min(width, 60)}>
      <Box>
        <Text color="magenta">{t('palette')}: </Text>
        <TextField value={text} focused={active} />
      </Box>
      {matches.map((m, i) => (
        <Text key={m.item.key} inverse={i === at} wrap="truncate">
          {fit(m.item.label, Math.min(width, 60) - 4)}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {t('paletteHint')}
      </Text>
    </Box>
  );
}
