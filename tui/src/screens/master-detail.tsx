import type { QueryValue, ResourceDef } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { ListScreen } from '../components/list-screen.js';
import { useCapture } from '../core/capture.js';
import type { Row } from '../core/use-list.js';

interface MasterDetailProps {
  master: ResourceDef;
  detail: ResourceDef;
  /** The master rows shown (dictionaries: those at the top). */
  masterScope?: Record<string, QueryValue>;
  /** The detail rows of a master row and the values a new one starts with. */
  scopeOf: (row: Row) => { scope: Record<string, QueryValue>; defaults: Record<string, string>; title: string };
  hints: string;
  active: boolean;
  width: number;
  height: number;
}

/** A list whose Enter opens the rows under the chosen one (a dictionary's entries, an application's grants); Esc goes back. */
export function MasterDetail({ master, detail, masterScope, scopeOf, hints, active, width, height }: MasterDetailProps) {
  const [open, setOpen] = useState<Row>();
  // Esc on the rows under a master row goes back to the master list, not to the sidebar.
  useCapture(active && open !== undefined);
  if (!open)
    return <ListScreen def={master} scope={masterScope} active={active} width={width} height={height} onOpen={setOpen} hints={hints} />;
  const { scope, defaults, title } = scopeOf(open);
  return (
    <Box flexDirection="column">
      <Text dimColor>Esc ←</Text>
      <ListScreen
        key={JSON.stringify(scope)}
        def={detail}
        scope={scope}
        newDefaults={defaults}
        title={title}
        active={active}
        width={width}
        height={height - 1}
        onBack={() => setOpen(undefined)}
      />
    </Box>
  );
}
