import type { ExportedLog, ResourceDef } from '@sso/shared-api';
import { type ReactNode, useState } from 'react';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { LogDrawer } from './log-drawer.js';
import { SignedExport } from './signed-export.js';

/**
 * A read-only log list (the registry view has no add, edit or remove) whose 查看 opens a drawer,
 * with the log's signed export (and a screen's own `tools`) in the toolbar.
 */
export function LogScreen({ def, title, log, tools }: { def: ResourceDef; title?: string; log: ExportedLog; tools?: ReactNode }) {
  const [viewed, setViewed] = useState<Row>();
  return (
    <>
      <CrudPage
        def={def}
        title={title}
        onView={setViewed}
        toolbar={() => (
          <>
            {tools}
            <SignedExport log={log} />
          </>
        )}
      />
      <LogDrawer def={def} row={viewed} onClose={() => setViewed(undefined)} />
    </>
  );
}
