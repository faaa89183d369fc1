import type { MenuNode } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import type { Lang } from '../core/i18n.js';
import { flatten, treePrefix, windowAround } from '../core/tree.js';
import { fit } from '../core/width.js';

export const menuLabel = (node: MenuNode, lang: Lang) => (lang === 'en' && node.nameEn ? node.nameEn : node.name);

interface SidebarProps {
  menus: readonly MenuNode[];
  lang: Lang;
  active: boolean;
  width: number;
  height: number;
  /** The menu whose screen is open. */
  openCode?: string;
  onOpen: (node: MenuNode) => void;
}

/** The signed-in user's menus as the web shows them: groups expand with → or Enter, a leaf opens. */
export function Sidebar({ menus, lang, active, width, height, openCode, onOpen }: SidebarProps) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(menus.map((m) => m.id)));
  const [cursor, setCursor] = useState(0);
  const lines = flatten<MenuNode>(menus, (node) => node.id, expanded);
  const at = Math.min(cursor, Math.max(0, lines.length - 1));
  useInput(
    (input, key) => {
      const line = lines[at];
      if (key.upArrow || input === 'k') return setCursor(Math.max(0, at - 1));
      if (key.downArrow || input === 'j') return setCursor(Math.min(lines.length - 1, at + 1));
      if (!line) return;
      if (line.hasChildren && (key.rightArrow || key.leftArrow || key.return)) {
        const next = new Set(expanded);
        if (key.rightArrow) next.add(line.key);
        else if (key.leftArrow || !next.delete(line.key)) key.leftArrow ? next.delete(line.key) : next.add(line.key);
        return setExpanded(next);
      }
      if (key.return || key.rightArrow) onOpen(line.node);
    },
    { isActive: active },
  );
  const shown = windowAround(lines, at, Math.max(3, height));
  return (
    <Box
      flexDirection="column"
      width={width}
      borderStyle="single"
      borderColor={active ? 'cyan' : 'gray'}
      borderTop={false}
      borderBottom={false}
      borderLeft={false}
    >
      {shown.items.map((line, i) => {
        const current = shown.start + i === at;
        const open = line.node.code === openCode;
        return (
          <Text key={line.key} inverse={current && active} bold={open || current} color={open ? 'cyan' : undefined} wrap="truncate">
            {fit(treePrefix(line) + menuLabel(line.node, lang), width - 1)}
          </Text>
        );
      })}
    </Box>
  );
}
