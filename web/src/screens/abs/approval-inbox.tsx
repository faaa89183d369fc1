import type { MatterRow, Page } from '@sso/shared-api';
import { Button, Card, Form, Input, Modal, Space, Table, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi } from '../../access/access-api.js';
import { MatterStatus, MatterTrail } from '../../access/matter-parts.js';
import { feedback } from '../../api/feedback.js';
import { refreshBell } from '../../layout/bell-feed.js';
import { menuCodes } from '../../layout/menu-index.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import '../../access/access-strings.js';

type Tab = 'todo' | 'done' | 'all';
const PAGE_SIZE = 10;
const loaders: Record<Tab, (current: number, size: number) => Promise<Page<MatterRow>>> = {
  todo: accessApi.todo,
  done: accessApi.done,
  all: accessApi.all,
};

/** One list of requests: waiting for the caller (with the decision buttons), decided by them, or all of the tenant. */
function MatterTable({ tab, onDecide }: { tab: Tab; onDecide?: (row: MatterRow, action: 'approve' | 'reject') => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<MatterRow>>();
  useEffect(() => {
    setPage(undefined);
    loaders[tab](current, PAGE_SIZE).then(setPage, () => setPage({ records: [], total: 0, size: PAGE_SIZE, current, pages: 0 }));
  }, [tab, current]);
  const data = (text: string) => <span className="sso-data">{text}</span>;
  return (
    <Table<MatterRow>
      rowKey="id"
      size="small"
      loading={!page}
      dataSource={page?.records ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: tab === 'todo' ? t('access.noApprovals') : t('access.noRequests') }}
      pagination={{ current, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setCurrent, size: 'small', hideOnSinglePage: true }}
      expandable={{ expandedRowRender: (row) => <MatterTrail id={row.id} /> }}
      onRow={(row) => ({ 'data-testid': `matter-${tab}`, 'data-id': row.id }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { dataIndex: 'requesterName', title: t('access.requester'), render: data },
        { dataIndex: 'appName', title: t('access.app'), render: data },
        { dataIndex: 'appRoleName', title: t('access.role'), render: data },
        { dataIndex: 'reason', title: t('access.reason'), render: data, ellipsis: true, width: 200 },
        { dataIndex: 'expireTime', title: t('access.expires'), render: (v: string) => v.slice(0, 10) },
        { dataIndex: 'matterStatus', title: t('access.status'), render: (v: string) => <MatterStatus status={v} /> },
        { dataIndex: 'currentNodeName', title: t('access.currentNode'), render: data },
        { dataIndex: 'createTime', title: t('access.requestTime') },
        ...(onDecide
          ? [
              {
                key: 'actions',
                title: t('access.actions'),
                fixed: 'right' as const,
                render: (_: unknown, row: MatterRow) => (
                  <Space size="small">
                    <Button size="small" type="primary" onClick={() => onDecide(row, 'approve')} data-testid="approve-matter">
                      {t('access.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => onDecide(row, 'reject')} data-testid="reject-matter">
                      {t('access.reject')}
                    </Button>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * The approval inbox: requests waiting for the caller, each approved or rejected with a comment
 * (a rejection needs one), those the caller decided, and — for holders of the requests menu — all
 * of the tenant's requests.
 */
export default function ApprovalInbox({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const menus = useStore(userStore, (s) => s.menus);
  const seesAll = menuCodes(menus).has('appworkflowmatter');
  const [tab, setTab] = useState<Tab>('todo');
  const [version, setVersion] = useState(0);
  const [deciding, setDeciding] = useState<{ row: MatterRow; action: 'approve' | 'reject' }>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const decide = async () => {
    if (!deciding) return;
    const { comment } = await form.validateFields();
    setSaving(true);
    try {
      const text = (comment ?? '').trim();
      if (deciding.action === 'approve') await accessApi.approve(deciding.row.id, text || undefined);
      else await accessApi.reject(deciding.row.id, text);
      feedback.message.success(deciding.action === 'approve' ? t('access.approved') : t('access.rejected'));
      setDeciding(undefined);
      refresh();
      void refreshBell();
    } finally {
      setSaving(false);
    }
  };

  const tabs: Tab[] = seesAll ? ['todo', 'done', 'all'] : ['todo', 'done'];
  return (
    <Card size="small" title={menu?.name ?? t('access.inbox')} data-screen="approval-inbox">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={tabs.map((key) => ({
          key,
          label: t(`access.${key}`),
          children: (
            <MatterTable
              key={`${key}-${version}`}
              tab={key}
              onDecide={key === 'todo' ? (row, action) => setDeciding({ row, action }) : undefined}
            />
          ),
        }))}
      />
      <Modal
        open={!!deciding}
        title={deciding?.action === 'reject' ? t('access.reject') : t('access.approve')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => void decide().catch(() => undefined)}
        onCancel={() => setDeciding(undefined)}
        confirmLoading={saving}
        destroyOnHidden
        data-testid="decision-dialog"
      >
        {deciding && (
          <p className="sso-data">
            {deciding.row.requesterName} · {deciding.row.appName} / {deciding.row.appRoleName}
          </p>
        )}
        <Form form={form} layout="vertical" name="matter-decision" preserve={false}>
          <Form.Item
            name="comment"
            label={t('access.comment')}
            rules={[{ required: deciding?.action === 'reject', whitespace: true, message: t('access.commentRequired') }, { max: 500 }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
