import type { MenuNode } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { loadPinyin, rankMatches } from '../core/fuzzy.js';
import { useLang } from '../core/i18n.js';
import { useRefState } from '../core/use-ref-state.js';
import { fit } from '../core/width.js';
import { paletteNames } from './palette-names.js';
import { menuLabel } from './sidebar.js';
import { editText, TextField } from './text-input.js';

interface PaletteProps {
  /** The screens it opens (the sidebar's leaves). */
  menus: readonly MenuNode[];
  active: boolean;
  width: number;
  onPick: (menu: MenuNode) => void;
  onClose: () => void;
}

/** Matches listed at most. */
const SHOWN = 8;

/**
 * `:` then a screen's name, English name, menu code, resource name or pinyin initials; Enter opens
 * the highlighted match (the best one unless ↑↓ moved).
 */
export function Palette({ menus, active, width, onPick, onClose }: PaletteProps) {
  const { lang, t } = useLang();
  const [text, setText, textRef] = useRefState('');
  const [, setPinyinReady] = useState(false);
  useEffect(() => {
    void loadPinyin().then(() => setPinyinReady(true));
  }, []);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const names = useMemo(() => new Map(menus.map((menu) => [menu, [menuLabel(menu, lang), ...paletteNames(menu)]])), [menus, lang]);
  const ranked = (query: string) => rankMatches(query, menus, (menu) => names.get(menu) ?? []).slice(0, SHOWN);
  const matches = ranked(text);
  const at = Math.min(cursor, Math.max(0, matches.length - 1));
  useInput(
    (input, key) => {
      if (key.escape) return onClose();
      if (key.upArrow) return setCursor((c) => Math.max(0, c - 1));
      if (key.downArrow) return setCursor((c) => Math.min(ranked(textRef.current).length - 1, c + 1));
      if (key.return) {
        const best = ranked(textRef.current)[cursorRef.current];
        if (best) onPick(best);
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
      {matches.map((menu, i) => (
        <Text key={menu.id} inverse={i === at} wrap="truncate">
          {fit(menuLabel(menu, lang), Math.min(width, 60) - 4)}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {t('paletteHint')}
      </Text>
    </Box>
  );
}
