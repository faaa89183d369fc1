import type { FollowRow } from '@sso/shared-api';
import { Button, Card, Flex, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { flowApi } from './flow-api.js';
import { DiagramDialog, FilterBar, flowChanged, StateTag, useFlowList, VersionTag } from './flow-parts.js';

/** The dialog that ends a running instance: a reason is required and recorded in its history. */
function DeleteInstanceDialog({ row, onClose, onDone }: { row?: FollowRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!row) return;
    const { deleteReason } = await form.validateFields();
    setBusy(true);
    try {
      await flowApi.follow.deleteProcessInstance(undefined, {
        processInstanceId: row.processInstanceId,
        deleteReason: deleteReason.trim(),
      });
      feedback.message.success(t('flowScreen.instanceDeleted'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? t('flowScreen.deleteInstanceTitle', { name: row.processDefinitionName || row.processDefinitionKey }) : ''}
      onCancel={onClose}
      onOk={() => void remove().catch(() => undefined)}
      okText={t('flowScreen.remove')}
      okButtonProps={{ danger: true }}
      cancelText={t('flowScreen.close')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="delete-instance-dialog"
    >
      <Form form={form} layout="vertical" name="flow-delete-instance" preserve={false}>
        <Form.Item
          name="deleteReason"
          label={t('flowScreen.deleteReason')}
          rules={[{ required: true, whitespace: true, message: t('flowScreen.deleteReasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 流程监控: the tenant's running instances, filtered by instance id or process key; 流程图 shows
 * an instance's diagram with its path and its history, 删除 ends it with a reason.
 */
export default function FollowScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const list = useFlowList<FollowRow>((query) => flowApi.follow.list(query));
  const [diagram, setDiagram] = useState<{ title: string; processInstanceId: string }>();
  const [deleting, setDeleting] = useState<FollowRow>();
  const may = { image: useHasButton('flow_follow_image'), remove: useHasButton('flow_follow_delete') };
  const data = (text: string) => <span className="sso-data">{text}</span>;
  return (
    <Card size="small" title={menu?.name ?? t('flowScreen.history')} data-screen="flow-follow">
      <FilterBar
        name="flow-follow-search"
        onSearch={list.search}
        fields={[
          { name: 'processInstanceId', label: t('flowScreen.processInstanceId') },
          { name: 'processDefinitionKey', label: t('flowScreen.key') },
        ]}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button onClick={list.reload}>{t('flowScreen.refresh')}</Button>
      </Flex>
      <Table<FollowRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'follow-row', 'data-instance': row.processInstanceId }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { dataIndex: 'processDefinitionName', title: t('flowScreen.name'), render: data },
          { dataIndex: 'processDefinitionKey', title: t('flowScreen.key'), render: data },
          { dataIndex: 'processDefinitionVersion', title: t('flowScreen.version'), render: (v: number) => <VersionTag version={v} /> },
          { dataIndex: 'taskName', title: t('flowScreen.currentTask'), render: data },
          { dataIndex: 'startUser', title: t('flowScreen.startUser'), render: data },
          { dataIndex: 'startTime', title: t('flowScreen.startTime') },
          { dataIndex: 'suspensionState', title: t('flowScreen.state'), render: (v: number) => <StateTag state={v} /> },
          { dataIndex: 'processInstanceId', title: t('flowScreen.processInstanceId'), render: data },
          {
            key: 'actions',
            title: t('flowScreen.actions'),
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {may.image && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      setDiagram({ title: row.processDefinitionName || row.processDefinitionKey, processInstanceId: row.processInstanceId })
                    }
                  >
                    {t('flowScreen.diagram')}
                  </Button>
                )}
                {may.remove && (
                  <Button type="link" size="small" danger onClick={() => setDeleting(row)}>
                    {t('flowScreen.deleteInstance')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
      <DeleteInstanceDialog
        row={deleting}
        onClose={() => setDeleting(undefined)}
        onDone={() => {
          setDeleting(undefined);
          flowChanged();
        }}
      />
    </Card>
  );
}
