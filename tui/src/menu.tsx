import { Box, Text } from 'ink';

export interface MenuItem {
  key: string;
  label: string;
  hint?: string;
}

/** CJK, Hangul and full-width forms: two terminal columns each. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/;

/** Terminal columns of a string. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

/** A vertical list; the current entry is marked with ❯ and drawn in inverse colours. */
export function Menu({ items, selected }: { items: readonly MenuItem[]; selected: number }) {
  const labelWidth = Math.max(0, ...items.map((item) => displayWidth(item.label)));
  return (
    <Box flexDirection="column">
      {items.map((item, index) => {
        const current = index === selected;
        return (
          <Box key={item.key} gap={1}>
            <Text color="cyan">{current ? '❯' : ' '}</Text>
            <Box width={labelWidth}>
              <Text inverse={current} bold={current}>
                {item.label}
              </Text>
            </Box>
            {item.hint ? <Text dimColor>{item.hint}</Text> : null}
          </Box>
        );
      })}
    </Box>
  );
}
