import { LockOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './strings.js';

/** An account in the users list; a locked one with a red lock that says until when. */
export function AccountCell({ account, lockedUntil }: { account: unknown; lockedUntil: unknown }) {
  const { t } = useTranslation();
  const text = account === undefined || account === null ? '' : String(account);
  if (typeof lockedUntil !== 'string' || !lockedUntil) return <>{text}</>;
  return (
    <Space size={4}>
      {text}
      <Tooltip title={t('userScreen.lockedUntil', { time: lockedUntil })}>
        <Tag color="red" icon={<LockOutlined />} data-testid="account-locked">
          {t('userScreen.locked')}
        </Tag>
      </Tooltip>
    </Space>
  );
}
