import type { ResourceDef } from '@sso/shared-api';
import { useState } from 'react';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { LogDrawer } from './log-drawer.js';

/** A read-only log list (the registry view has no add, edit or remove) whose 查看 opens a drawer. */
export function LogScreen({ def, title }: { def: ResourceDef; title?: string }) {
  const [viewed, setViewed] = useState<Row>();
  return (
    <>
      <CrudPage def={def} title={title} onView={setViewed} />
      <LogDrawer def={def} row={viewed} onClose={() => setViewed(undefined)} />
    </>
  );
}
