import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { useLang } from '../core/i18n.js';
import { flatten, treePrefix, windowAround } from '../core/tree.js';
import type { PickNode } from '../core/tree-sources.js';
import { useRefState } from '../core/use-ref-state.js';
import { fit } from '../core/width.js';

interface TreePickerProps {
  title: string;
  nodes: readonly PickNode[];
  /** Several ids checked with space (roles), or one picked with Enter (a department). */
  multiple: boolean;
  initial?: readonly string[];
  active: boolean;
  width: number;
  height: number;
  onDone: (ids: string[]) => void;
  onCancel: () => void;
}

/**
 * A tree of departments, roles or menus to pick from (shows titles, answers ids); → and ← open
 * and close a branch. Used by screens (a department filter, role grants) and by form fields whose
 * column is a tree.
 */
export function TreePicker({ title, nodes, multiple, initial = [], active, width, height, onDone, onCancel }: TreePickerProps) {
  const { t } = useLang();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(nodes.map((n) => n.id)));
  const [checked, setChecked, checkedRef] = useRefState<ReadonlySet<string>>(new Set(initial));
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const lines = flatten<PickNode>(nodes, (node) => node.id, expanded);
  const at = Math.min(cursor, Math.max(0, lines.length - 1));
  useInput(
    (input, key) => {
      const at = Math.min(cursorRef.current, Math.max(0, lines.length - 1));
      const line = lines[at];
      if (key.escape) return onCancel();
      if (key.upArrow || input === 'k') return setCursor(Math.max(0, at - 1));
      if (key.downArrow || input === 'j') return setCursor(Math.min(lines.length - 1, at + 1));
      if (key.rightArrow && line?.hasChildren) return setExpanded(new Set(expanded).add(line.key));
      if (key.leftArrow && line) {
        const next = new Set(expanded);
        next.delete(line.key);
        return setExpanded(next);
      }
      if (input === ' ' && multiple && line) {
        const next = new Set(checkedRef.current);
        if (!next.delete(line.key)) next.add(line.key);
        return setChecked(next);
      }
      if (key.return) onDone(multiple ? [...checkedRef.current] : line ? [line.key] : []);
    },
    { isActive: active },
  );
  const shown = windowAround(lines, at, Math.max(3, height - 3));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} width={width}>
      <Text bold color="magenta">
        {title}
      </Text>
      {shown.items.map((line, i) => (
        <Text key={line.key} inverse={shown.start + i === at} wrap="truncate">
          {fit(`${multiple ? (checked.has(line.key) ? '[x] ' : '[ ] ') : ''}${treePrefix(line)}${line.node.title}`, width - 4)}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {t('pickHint')}
      </Text>
    </Box>
  );
}
