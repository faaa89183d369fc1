import { Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppLogRow, portalApi } from './portal-api.js';

/** The caller's own application login log, full screen, paged by the server. */
export function LoginLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ records: AppLogRow[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    setLoading(true);
    portalApi
      .logPage(page.current, page.size)
      .then((answer) => setData({ records: answer.records, total: answer.total }))
      .finally(() => setLoading(false));
  }, [open, page]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('portal.loginLog')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 110px)' } }}
      destroyOnHidden
      rootClassName="sso-login-log-dialog"
    >
      <Table<AppLogRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.records}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data.total,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { dataIndex: 'appName', title: t('portal.appName') },
          { dataIndex: 'loginTime', title: t('portal.loginTime') },
          { dataIndex: 'loginIp', title: t('portal.loginIp') },
          { dataIndex: 'loginCity', title: t('portal.loginCity') },
        ]}
      />
    </Modal>
  );
}
