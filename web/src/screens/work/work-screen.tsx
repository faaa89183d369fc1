import type { FlowTaskRow, ProcessDefinitionRow } from '@sso/shared-api';
import { Button, Card, Flex, Radio, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { navigateTo } from '../../lib/navigation.js';
import { flowApi } from '../flow/flow-api.js';
import {
  DiagramDialog,
  FilterBar,
  flowChanged,
  StateTag,
  TenantTag,
  useCategoryLabel,
  useFlowCategories,
  useFlowList,
  VersionTag,
} from '../flow/flow-parts.js';
import { detailPath, formPath, handlePath } from '../flow/flow-routes.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';

export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done';

/** The list a menu path shows (`/work/todo` → todo). */
export const workKindOf = (path = ''): WorkKind => {
  const last = path.split('/').pop();
  return last === 'start' || last === 'claim' || last === 'send' || last === 'done' ? last : 'todo';
};

const loaders = {
  claim: flowApi.work.claimList,
  todo: flowApi.work.todoList,
  send: flowApi.work.sendList,
  done: flowApi.work.doneList,
};

/** 发起事务: the definitions the caller may start, common or their tenant's; 发起 opens the category's form. */
function StartList({ title }: { title: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<1 | 2>(1);
  const list = useFlowList<ProcessDefinitionRow>((query) => flowApi.work.startList({ ...query, mode }));
  const { routes } = useFlowCategories();
  const categoryLabel = useCategoryLabel();
  const [diagram, setDiagram] = useState<{ title: string; processDefinitionId: string }>();
  const may = { start: useHasButton('work_start_flow'), image: useHasButton('work_start_image') };
  const start = (row: ProcessDefinitionRow) => {
    const route = routes.get(row.category);
    if (!route) return void feedback.message.warning(t('flowScreen.noRoute'));
    navigateTo(formPath(route, row.id));
  };
  return (
    <Card size="small" title={title} data-screen="work-start">
      <FilterBar
        name="work-start-search"
        onSearch={list.search}
        fields={[
          { name: 'category', label: t('flowScreen.category'), input: 'category' },
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
        <Button onClick={list.reload}>{t('flowScreen.refresh')}</Button>
      </Flex>
      <Table<ProcessDefinitionRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'start-row', 'data-key': row.key }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { dataIndex: 'name', title: t('flowScreen.name'), render: (v: string, row) => <span className="sso-data">{v || row.key}</span> },
          {
            dataIndex: 'category',
            title: t('flowScreen.category'),
            render: (v: string, row) => <Tag>{categoryLabel(v, row.categoryName)}</Tag>,
          },
          { dataIndex: 'version', title: t('flowScreen.version'), render: (v: number) => <VersionTag version={v} /> },
          { dataIndex: 'key', title: t('flowScreen.key'), render: (v: string) => <span className="sso-data">{v}</span> },
          { dataIndex: 'tenantId', title: t('flowScreen.tenantId'), render: (v: string) => <TenantTag tenantId={v} /> },
          { dataIndex: 'suspensionState', title: t('flowScreen.state'), render: (v: number) => <StateTag state={v} /> },
          { dataIndex: 'deploymentTime', title: t('flowScreen.deploymentTime') },
          {
            key: 'actions',
            title: t('flowScreen.actions'),
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0}>
                {may.start && (
                  <Button type="link" size="small" onClick={() => start(row)} data-testid="start-process">
                    {t('flowScreen.start')}
                  </Button>
                )}
                {may.image && (
                  <Button type="link" size="small" onClick={() => setDiagram({ title: row.name || row.key, processDefinitionId: row.id })}>
                    {t('flowScreen.diagram')}
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

/**
 * 待签事务, 待办事务, 已发事务 and 办结事务: the caller's tasks and instances, with 签收 (claim),
 * 办理 (the category's handle form), 详情 (its detail form) and 跟踪 (diagram and history).
 */
function TaskList({ kind, title }: { kind: Exclude<WorkKind, 'start'>; title: string }) {
  const { t } = useTranslation();
  const list = useFlowList<FlowTaskRow>((query) => loaders[kind](query));
  const { routes } = useFlowCategories();
  const categoryLabel = useCategoryLabel();
  const [diagram, setDiagram] = useState<{ title: string; processInstanceId: string }>();
  const may = {
    claim: useHasButton('work_claim_sign'),
    handle: useHasButton('work_todo_handle'),
    detail: useHasButton(`work_${kind}_detail`),
    follow: useHasButton(`work_${kind}_follow`),
  };
  const routed = (row: FlowTaskRow, to: (route: string) => string) => {
    const route = routes.get(row.category);
    if (!route) return void feedback.message.warning(t('flowScreen.noRoute'));
    navigateTo(to(route));
  };
  const claim = (row: FlowTaskRow) =>
    feedback.modal.confirm({
      title: t('flowScreen.claim'),
      content: t('flowScreen.claimConfirm', { name: `${row.processDefinitionName} · ${row.taskName}` }),
      okText: t('flowScreen.claim'),
      cancelText: t('flowScreen.close'),
      onOk: async () => {
        await flowApi.work.claimTask(undefined, { taskId: row.taskId });
        feedback.message.success(t('flowScreen.claimed'));
        flowChanged();
      },
    });
  const data = (text: string) => <span className="sso-data">{text}</span>;
  const finished = (v: string) =>
    v === 'finished' ? <Tag color="default">{t('flowScreen.finished')}</Tag> : <Tag color="processing">{t('flowScreen.unfinished')}</Tag>;
  const columns: ColumnsType<FlowTaskRow> = [
    { dataIndex: 'processDefinitionName', title: t('flowScreen.name'), render: data },
    { dataIndex: 'taskName', title: t('flowScreen.taskName'), render: data },
    { dataIndex: 'category', title: t('flowScreen.category'), render: (v: string, row) => <Tag>{categoryLabel(v, row.categoryName)}</Tag> },
    { dataIndex: 'processDefinitionVersion', title: t('flowScreen.version'), render: (v: number) => <VersionTag version={v} /> },
    ...(kind === 'send' ? [] : [{ dataIndex: 'startUser', title: t('flowScreen.startUser'), render: data }]),
    { dataIndex: 'createTime', title: kind === 'done' ? t('flowScreen.stepStart') : t('flowScreen.applyTime') },
    ...(kind === 'send' || kind === 'done'
      ? [
          { dataIndex: 'endTime', title: kind === 'done' ? t('flowScreen.completeTime') : t('flowScreen.endTime') },
          { dataIndex: 'processIsFinished', title: t('flowScreen.processState'), render: finished },
        ]
      : []),
    {
      key: 'actions',
      title: t('flowScreen.actions'),
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {kind === 'claim' && may.claim && (
            <Button type="link" size="small" onClick={() => claim(row)} data-testid="claim-task">
              {t('flowScreen.claim')}
            </Button>
          )}
          {kind === 'todo' && may.handle && (
            <Button type="link" size="small" onClick={() => routed(row, (route) => handlePath(route, row))} data-testid="handle-task">
              {t('flowScreen.handle')}
            </Button>
          )}
          {may.detail && (
            <Button type="link" size="small" onClick={() => routed(row, (route) => detailPath(route, row))} data-testid="task-detail">
              {t('flowScreen.detail')}
            </Button>
          )}
          {may.follow && (
            <Button
              type="link"
              size="small"
              onClick={() => setDiagram({ title: row.processDefinitionName, processInstanceId: row.processInstanceId })}
              data-testid="task-follow"
            >
              {t('flowScreen.follow')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title={title} data-screen={`work-${kind}`}>
      <FilterBar
        name={`work-${kind}-search`}
        onSearch={list.search}
        fields={[
          { name: 'category', label: t('flowScreen.category'), input: 'category' },
          { name: 'processDefinitionName', label: t('flowScreen.name') },
        ]}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button onClick={list.reload}>{t('flowScreen.refresh')}</Button>
      </Flex>
      <Table<FlowTaskRow>
        rowKey={(row) => `${row.taskId}-${row.processInstanceId}`}
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        onRow={(row) =>
          ({
            'data-testid': `${kind}-row`,
            'data-instance': row.processInstanceId,
            'data-task': row.taskId,
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={columns}
      />
      <DiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
    </Card>
  );
}

/** 我的事务: the list of the menu opened (发起, 待签, 待办, 已发 or 办结事务). */
export default function WorkScreen({ menu }: ScreenProps) {
  const kind = workKindOf(menu?.rawPath);
  const title = menu?.name ?? '';
  return kind === 'start' ? <StartList title={title} /> : <TaskList kind={kind} title={title} />;
}
