import { Drawer, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import './resource-strings.js';

type SmsLogRow = Awaited<ReturnType<typeof client.resource.sms.logs>>[number];

/** The newest messages the tenant sent (sms/log-list), the log provider's ones with their content. */
export function SmsLogDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SmsLogRow[]>();
  useEffect(() => {
    if (!open) return;
    let live = true;
    setRows(undefined);
    client.resource.sms.logs({}).then(
      (loaded) => live && setRows(loaded),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [open]);
  const column = (key: keyof SmsLogRow, width?: number) => ({
    title: t(`resourceScreen.${key === 'createTime' ? 'time' : key}`),
    dataIndex: key,
    key,
    width,
  });
  return (
    <Drawer title={t('resourceScreen.smsLog')} open={open} onClose={onClose} width={820} destroyOnHidden>
      <Table<SmsLogRow>
        rowKey="id"
        size="small"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={{ pageSize: 20 }}
        columns={[column('phone', 130), column('content'), column('provider', 80), column('outcome', 140), column('createTime', 190)]}
        data-testid="sms-log"
      />
    </Drawer>
  );
}
