import { region as regionDef } from '@sso/shared-api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { crudApi } from '../../crud/crud-api.js';
import { allowedActions } from '../../crud/permissions.js';
import { useDicts } from '../../crud/use-dict.js';
import { AsideLayout } from '../../layout/aside-layout.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { ExcelImportDialog } from '../shared/excel-import-dialog.js';
import { RegionPanel } from './region-panel.js';
import { RegionToolbar } from './region-toolbar.js';
import { RegionTree, titleOf, useRegionTree } from './region-tree.js';
import './strings.js';

/**
 * 行政区划 (/base/region), after BladeX Saber: the region tree on the left, loaded a level at a
 * time (the provinces first), and the chosen region's details on the right. Regions are keyed by
 * their code; a change reloads the level it happened in. 导入 / 导出 above them exchange xlsx files
 * (an import reloads every level loaded).
 */
export default function RegionScreen({ def = regionDef }: ScreenProps) {
  const api = useMemo(() => crudApi(client, def), [def]);
  const permissions = useStore(userStore, (s) => s.permissions);
  const allowed = useMemo(() => allowedActions(def, permissions), [def, permissions]);
  const dicts = useDicts(def.view.columns);
  const tree = useRegionTree();
  const [selected, setSelected] = useState<string>();
  const [importing, setImporting] = useState(false);
  /** Bumped by each import: the panel reads the chosen region afresh, as it may have been overwritten. */
  const [imports, setImports] = useState(0);
  const { t } = useTranslation();
  const chosen = selected ? { code: selected, name: titleOf(tree.nodes, selected) ?? selected } : undefined;

  const reloadLevel = (parentCode: string) => tree.reloadLevel(parentCode).catch(() => undefined);
  return (
    <>
      <RegionToolbar chosen={chosen} onImport={() => setImporting(true)} />
      <AsideLayout aside={<RegionTree tree={tree} selected={selected} onSelect={setSelected} />} asideWidth={320}>
        <RegionPanel
          key={imports}
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
      </AsideLayout>
      <ExcelImportDialog
        open={importing}
        title={t('regionScreen.importTitle')}
        coveredHelp={t('regionScreen.coveredHelp')}
        templateName={t('regionScreen.templateFile')}
        upload={(form, isCovered) => client.system.region.importRegion(form, { isCovered })}
        template={() => client.system.region.exportTemplate()}
        onClose={() => setImporting(false)}
        onImported={async () => {
          setImports((n) => n + 1);
          await tree.reloadAll().catch(() => undefined);
        }}
      />
    </>
  );
}
