import { type ResourceDef, region as regionDef } from '@sso/shared-api';
import { Col, Row as Grid } from 'antd';
import { useMemo, useState } from 'react';
import { client } from '../../api/client.js';
import { crudApi } from '../../crud/crud-api.js';
import { allowedActions } from '../../crud/permissions.js';
import { useDicts } from '../../crud/use-dict.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../index.js';
import { RegionPanel } from './region-panel.js';
import { RegionTree, useRegionTree } from './region-tree.js';
import './strings.js';

/**
 * 行政区划 (/base/region), after BladeX Saber: the region tree on the left, loaded a level at a
 * time (the provinces first), and the chosen region's details on the right. Regions are keyed by
 * their code; a change reloads the level it happened in.
 */
export default function RegionScreen({ def = regionDef as unknown as ResourceDef }: ScreenProps) {
  const api = useMemo(() => crudApi(client, def), [def]);
  const permissions = useStore(userStore, (s) => s.permissions);
  const allowed = useMemo(() => allowedActions(def, permissions), [def, permissions]);
  const dicts = useDicts(def.view.columns);
  const tree = useRegionTree();
  const [selected, setSelected] = useState<string>();

  const reloadLevel = (parentCode: string) => tree.reloadLevel(parentCode).catch(() => undefined);
  return (
    <Grid gutter={12} wrap={false}>
      <Col flex="320px">
        <RegionTree tree={tree} selected={selected} onSelect={setSelected} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <RegionPanel
          def={def}
          api={api}
          allowed={allowed}
          dicts={dicts}
          selected={selected}
          onSaved={({ parentCode }) => void reloadLevel(parentCode)}
          onRemoved={({ parentCode }) => {
            setSelected(undefined);
            void reloadLevel(parentCode);
          }}
        />
      </Col>
    </Grid>
  );
}
