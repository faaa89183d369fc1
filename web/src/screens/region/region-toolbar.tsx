import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import { datedName, saveFile } from '../shared/download.js';

export interface RegionToolbarProps {
  /** The region chosen in the tree (code and name), if any: export narrows to its sub-regions. */
  chosen?: { code: string; name: string };
  onImport: () => void;
}

/**
 * 导入 / 导出 of 行政区划, each shown only with its menu button (region_import, region_export);
 * the server checks again. Export sends the screen's search: the chosen region's sub-regions
 * (parentCode), or every region when none is chosen.
 */
export function RegionToolbar({ chosen, onImport }: RegionToolbarProps) {
  const { t } = useTranslation();
  const mayImport = useHasButton('region_import');
  const mayExport = useHasButton('region_export');

  const exportRegions = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: chosen ? t('regionScreen.exportChildrenConfirm', { name: chosen.name }) : t('regionScreen.exportAllConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const bytes = await client.system.region.exportRegion(chosen ? { parentCode: chosen.code } : {});
        saveFile(bytes, datedName(t('regionScreen.exportFile')));
      },
    });

  if (!mayImport && !mayExport) return null;
  return (
    <Space data-testid="region-toolbar" style={{ marginBottom: 12 }}>
      {mayImport && <Button onClick={onImport}>{t('regionScreen.import')}</Button>}
      {mayExport && <Button onClick={exportRegions}>{t('regionScreen.export')}</Button>}
    </Space>
  );
}
