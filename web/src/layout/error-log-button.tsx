import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { website } from '../config.js';
import { useStore } from '../lib/store.js';
import { logout } from '../sign-on/logout.js';
import { clearErrorLogs, type ErrorLogEntry, errorLogStore } from './error-log.js';

/**
 * The error-log viewer of uncaught UI errors: badge capped at 99, a table of the stored entries, upload
 * and clear after confirmation. The server takes the browser's logs with POST oauth/logout, which
 * also ends the session, so uploading signs the user out (the dialog says so).
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const logs = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={logs.length} overflowCount={website.logsBadgeMax} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BugOutlined />} onClick={() => setOpen(true)} aria-label={t('navbar.logs')} title={t('navbar.logs')} />
      </Badge>
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The dialog of stored entries with upload and clear; the top bar's overflow menu opens it too. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logs = useStore(errorLogStore);

  const upload = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('logs.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout(errorLogStore.get());
        clearErrorLogs();
        feedback.message.success(t('logs.sent'));
        navigate('/login', { replace: true });
      },
    });
  const clear = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('logs.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        clearErrorLogs();
        feedback.message.success(t('logs.cleared'));
      },
    });

  return (
    <Modal title={t('navbar.logs')} open={open} onCancel={onClose} footer={null} width="80%">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={upload}>
          {t('logs.upload')}
        </Button>
        <Button danger onClick={clear}>
          {t('logs.clear')}
        </Button>
      </Space>
      <Table<ErrorLogEntry>
        size="small"
        rowKey={(row) => `${row.time}-${row.message}-${row.stack.length}`}
        dataSource={logs}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('logs.type'),
            dataIndex: 'type',
            width: 80,
            render: (type: string) => <Tag color="red">{type === 'error' ? 'bug' : type}</Tag>,
          },
          { title: t('logs.url'), dataIndex: 'url', ellipsis: true },
          { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
          { title: t('logs.stack'), dataIndex: 'stack', ellipsis: true },
          { title: t('logs.time'), dataIndex: 'time', width: 180 },
        ]}
      />
    </Modal>
  );
}
