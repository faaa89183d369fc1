import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { useHasButton } from './use-permission.js';
import './resource-strings.js';

/** blade_oss / blade_sms status of the tenant's one enabled configuration (BladeX: 1 off, 2 on). */
export const ENABLED = 2;

export interface EnableActionProps {
  row: Row;
  /** Button code guarding the action, e.g. `oss_enable`. */
  code: string;
  /** Calls the resource's enable extra with the row's id. */
  enable: (id: string) => Promise<unknown>;
  reload: () => Promise<void>;
}

/** 已启用 on the tenant's enabled configuration; 启用 (after a confirmation) on the others. */
export function EnableAction({ row, code, enable, reload }: EnableActionProps) {
  const { t } = useTranslation();
  const allowed = useHasButton(code);
  if (Number(row.status) === ENABLED) {
    return (
      <Tag color="success" data-testid="enabled-tag">
        {t('resourceScreen.enabled')}
      </Tag>
    );
  }
  if (!allowed) return null;
  const confirm = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('resourceScreen.enableConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await enable(String(row.id));
        feedback.message.success(t('resourceScreen.enableDone'));
        await reload();
      },
    });
  return (
    <Button type="link" size="small" onClick={confirm}>
      {t('resourceScreen.enable')}
    </Button>
  );
}
