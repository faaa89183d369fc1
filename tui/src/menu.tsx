import { Box, Text } from 'ink';

export interface MenuItem {
  key: string;
  label: string;
  hint?: string;
}

/** A vertical list; the current entry is marked with ❯ and drawn in inverse colours. */
export function Menu({ items, selected }: { items: readonly MenuItem[]; selected: number }) {
  return (
    <Box flexDirection="column">
      {items.map((item, index) => {
        const current = index === selected;
        return (
          <Box key={item.key} gap={1}>
            <Text color="cyan">{current ? '❯' : ' '}</Text>
            <Text inverse={current} bold={current}>
              {item.label}
            </Text>
            {item.hint ? <Text dimColor>{item.hint}</Text> : null}
          </Box>
        );
      })}
    </Box>
  );
}
