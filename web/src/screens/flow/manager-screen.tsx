import type { ProcessDefinitionRow } from '@sso/shared-api';
import { Button, Card, Flex, Radio, Space, Table } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { flowApi } from './flow-api.js';
import { DiagramDialog, FilterBar, StateTag, TenantTag, useCategoryLabel, useFlowList, VersionTag } from './flow-parts.js';

/**
 * 部署管理: every version of every process definition, common ones or the tenants' (as Saber's
 * 通用流程 / 定制流程), with 变更状态 (activate or suspend: a suspended definition starts nothing),
 * 流程图 and the deletion of deployments (refused while an instance of them runs).
 */
export default function ManagerScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<1 | 2>(1);
  const list = useFlowList<ProcessDefinitionRow>((query) => flowApi.manager.list({ ...query, mode }));
  const categoryLabel = useCategoryLabel();
  const [selected, setSelected] = useState<ProcessDefinitionRow[]>([]);
  const [diagram, setDiagram] = useState<{ title: string; processDefinitionId: string }>();
  const may = {
    state: useHasButton('flow_manager_state'),
    image: useHasButton('flow_manager_image'),
    remove: useHasButton('flow_manager_remove'),
  };

  const changeState = (row: ProcessDefinitionRow) => {
    const suspend = row.suspensionState === 1;
    const names = { name: row.name || row.key, version: row.version };
    feedback.modal.confirm({
      title: t('flowScreen.changeState'),
      content: suspend ? t('flowScreen.suspendConfirm', names) : t('flowScreen.activateConfirm', names),
      okText: suspend ? t('flowScreen.suspend') : t('flowScreen.activate'),
      cancelText: t('flowScreen.close'),
      onOk: async () => {
        await flowApi.manager.changeState(undefined, { processId: row.id, state: suspend ? 'suspend' : 'active' });
        feedback.message.success(t('flowScreen.stateChanged'));
        list.reload();
      },
    });
  };
  const removeDeployments = (rows: ProcessDefinitionRow[]) => {
    if (!rows.length) return void feedback.message.warning(t('flowScreen.selectDefinition'));
    feedback.modal.confirm({
      title: t('flowScreen.deleteDeployment'),
      content: t('flowScreen.deleteDeploymentConfirm'),
      okText: t('flowScreen.remove'),
      okButtonProps: { danger: true },
      cancelText: t('flowScreen.close'),
      onOk: async () => {
        await flowApi.manager.deleteDeployment(undefined, { deploymentIds: [...new Set(rows.map((row) => row.deploymentId))].join(',') });
        feedback.message.success(t('flowScreen.deploymentDeleted'));
        setSelected([]);
        list.reload();
      },
    });
  };

  return (
    <Card size="small" title={menu?.name ?? t('flowScreen.deleteDeployment')} data-screen="flow-manager">
      <FilterBar
        name="flow-manager-search"
        onSearch={list.search}
        fields={[
          { name: 'category', label: t('flowScreen.category'), input: 'category' },
          { name: 'key', label: t('flowScreen.key') },
          { name: 'name', label: t('flowScreen.name') },
        ]}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Radio.Group
          optionType="button"
          value={mode}
          onChange={(event) => {
            setMode(event.target.value);
            list.reload();
          }}
          options={[
            { value: 1, label: t('flowScreen.modeCommon') },
            { value: 2, label: t('flowScreen.modeTenant') },
          ]}
        />
        {may.remove && (
          <Button danger onClick={() => removeDeployments(selected)}>
            {t('flowScreen.deleteDeployment')}
          </Button>
        )}
        <Button onClick={list.reload}>{t('flowScreen.refresh')}</Button>
      </Flex>
      <Table<ProcessDefinitionRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        rowSelection={
          may.remove ? { selectedRowKeys: selected.map((row) => row.id as Key), onChange: (_, rows) => setSelected(rows) } : undefined
        }
        onRow={(row) => ({ 'data-testid': 'definition-row', 'data-key': row.key }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { dataIndex: 'tenantId', title: t('flowScreen.tenantId'), render: (v: string) => <TenantTag tenantId={v} /> },
          { dataIndex: 'key', title: t('flowScreen.key'), render: (v: string) => <span className="sso-data">{v}</span> },
          { dataIndex: 'name', title: t('flowScreen.name'), render: (v: string) => <span className="sso-data">{v}</span> },
          { dataIndex: 'category', title: t('flowScreen.category'), render: (v: string, row) => categoryLabel(v, row.categoryName) },
          { dataIndex: 'version', title: t('flowScreen.version'), render: (v: number) => <VersionTag version={v} /> },
          { dataIndex: 'suspensionState', title: t('flowScreen.state'), render: (v: number) => <StateTag state={v} /> },
          { dataIndex: 'deploymentTime', title: t('flowScreen.deploymentTime') },
          { dataIndex: 'id', title: 'ID', render: (v: string) => <span className="sso-data">{v}</span> },
          {
            key: 'actions',
            title: t('flowScreen.actions'),
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {may.state && (
                  <Button type="link" size="small" onClick={() => changeState(row)} data-testid="change-state">
                    {row.suspensionState === 1 ? t('flowScreen.suspend') : t('flowScreen.activate')}
                  </Button>
                )}
                {may.image && (
                  <Button type="link" size="small" onClick={() => setDiagram({ title: row.name || row.key, processDefinitionId: row.id })}>
                    {t('flowScreen.diagram')}
                  </Button>
                )}
                {may.remove && (
                  <Button type="link" size="small" danger onClick={() => removeDeployments([row])}>
                    {t('flowScreen.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
    </Card>
  );
}
