import { registry, type SyncRunAnswer } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { ConfirmLine } from '../components/confirm-line.js';
import { type ListHandle, ListScreen } from '../components/list-screen.js';
import { useCapture } from '../core/capture.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import type { Row } from '../core/use-list.js';
import { SELF_REFRESH_MS } from './self-refreshing.js';

const counted = (name: string, answer: SyncRunAnswer) => ({
  name,
  c: answer.creates,
  u: answer.updates,
  m: answer.moves,
  d: answer.disables,
  e: answer.errors,
});

/**
 * Sync sources (同步源) with their runs: `x` dry-runs the source under the cursor and says what a
 * sync would change, `a` syncs it now after a yes, and Enter opens its runs (同步记录), newest
 * first, read again by themselves since schedules and callbacks add runs too; Esc goes back.
 */
export function SyncScreen({ active, width, height }: { active: boolean; width: number; height: number }) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [open, setOpen] = useState<Row>();
  const [asking, setAsking] = useState<{ row: Row; list: ListHandle }>();
  // Esc on a source's runs goes back to the sources, not to the sidebar.
  useCapture(active && open !== undefined);
  const sources = client.system.syncSource;

  const dryRun = async (row: Row) => {
    const answer = await run(() => sources.dryRun(undefined, { id: String(row.id) }));
    if (answer) notify(t('syncDryRun', counted(String(row.name), answer)));
  };
  const apply = async (row: Row, list: ListHandle) => {
    const answer = await run(() => sources.apply(undefined, { id: String(row.id) }));
    if (!answer) return;
    notify(t('syncApplied', counted(String(row.name), answer)));
    list.reload();
  };

  if (open) {
    return (
      <Box flexDirection="column">
        <Text dimColor>Esc ←</Text>
        <ListScreen
          key={String(open.id)}
          def={registry.system.syncRun}
          scope={{ sourceId: String(open.id) }}
          title={`${String(open.name)} · ${t('syncRuns')}`}
          refreshMs={SELF_REFRESH_MS}
          active={active}
          width={width}
          height={height - 1}
          onBack={() => setOpen(undefined)}
        />
      </Box>
    );
  }
  return (
    <ListScreen
      def={registry.system.syncSource}
      active={active}
      width={width}
      height={height}
      hints={t('syncKeys')}
      onOpen={setOpen}
      overlay={
        asking ? (
          <ConfirmLine
            question={t('confirmSync', { name: String(asking.row.name) })}
            active={active}
            onAnswer={(yes) => {
              const { row, list } = asking;
              setAsking(undefined);
              if (yes) void apply(row, list);
            }}
          />
        ) : undefined
      }
      onKey={(input, _key, list) => {
        const row = list.row;
        if (!row) return false;
        if (input === 'x') void dryRun(row);
        else if (input === 'a') setAsking({ row, list });
        else return false;
        return true;
      }}
    />
  );
}
