import { allResources, type ResourceDef } from '@sso/shared-api';
import { Box, Text, useApp, useInput } from 'ink';
import { useState } from 'react';
import { Menu } from './menu.js';

export const TITLE = 'SSO 管理控制台';

interface AppProps {
  resources?: readonly ResourceDef[];
}

/** The console's home screen: a title bar and the registry's resources as a menu. */
export function App({ resources = allResources }: AppProps) {
  const { exit } = useApp();
  const [selected, setSelected] = useState(0);
  const count = resources.length;

  useInput((input, key) => {
    if (input === 'q' || key.escape) return exit();
    if (key.upArrow || input === 'k') setSelected((i) => (i - 1 + count) % count);
    if (key.downArrow || input === 'j') setSelected((i) => (i + 1) % count);
  });

  const items = resources.map((r) => ({ key: r.basePath, label: r.view.title[0], hint: r.basePath }));
  return (
    <Box flexDirection="column">
      <Box borderStyle="round" borderColor="cyan" paddingX={1}>
        <Text bold color="cyan">
          {TITLE}
        </Text>
      </Box>
      <Box paddingX={1} paddingY={1}>
        <Menu items={items} selected={selected} />
      </Box>
      <Text dimColor> ↑/↓ 选择 · q 退出</Text>
    </Box>
  );
}
