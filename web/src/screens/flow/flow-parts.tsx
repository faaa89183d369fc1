import type { FlowDiagram, HistoryFlowRow } from '@sso/shared-api';
import { Button, Card, Empty, Form, Input, Modal, Select, Skeleton, Space, Table, Tag } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { dictValueIn } from '../../crud/use-dict.js';
import { flowApi } from './flow-api.js';
import { flowRoutes } from './flow-routes.js';
import './flow-strings.js';

/** The diagram viewer (bpmn-js) loads with the first diagram shown, never with the lists. */
const BpmnViewer = lazy(() => import('./bpmn/bpmn-viewer.js'));

export interface CategoryOption {
  value: string;
  label: string;
}

type DictEntry = { dictKey: string | number; dictValue: string; dictValueEn?: string | null; remark?: string | null };
let flowDict: Promise<DictEntry[]> | undefined;

/** The `flow` dictionary, fetched once per page load (a failure is asked again next time). */
function loadFlowDict(): Promise<DictEntry[]> {
  flowDict ??= (client.system.dict.dictionary({ code: 'flow' }) as Promise<DictEntry[]>).catch((error: unknown) => {
    flowDict = undefined;
    throw error;
  });
  return flowDict;
}

/**
 * The process categories (`flow_<key>` with the entry's label in the language shown) and the web
 * route of each (the entry's remark, `leave`).
 */
export function useFlowCategories(): { options: CategoryOption[]; routes: Map<string, string> } {
  const { i18n } = useTranslation();
  const [entries, setEntries] = useState<DictEntry[]>([]);
  useEffect(() => {
    let live = true;
    loadFlowDict().then(
      (rows) => live && setEntries(rows.filter((row) => String(row.dictKey) !== '-1')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return {
    options: entries.map((row) => ({
      value: `flow_${row.dictKey}`,
      label: dictValueIn(i18n.language, { dictValue: row.dictValue, dictValueEn: row.dictValueEn ?? '' }),
    })),
    routes: flowRoutes(entries),
  };
}

/** A category chosen from the `flow` dictionary. */
export function CategorySelect(props: { value?: string; onChange?: (value?: string) => void; allowClear?: boolean; id?: string }) {
  const { t } = useTranslation();
  const { options } = useFlowCategories();
  return <Select {...props} options={options} placeholder={t('flowScreen.categoryPick')} style={{ minWidth: 140 }} />;
}

/** A category's label in the language shown (the row's categoryName is the Chinese one). */
export function useCategoryLabel(): (category: string, fallback: string) => string {
  const { options } = useFlowCategories();
  return (category, fallback) => options.find((option) => option.value === category)?.label ?? fallback;
}

export const VersionTag = ({ version }: { version: number }) => <Tag color="blue">v{version}</Tag>;

export function StateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return state === 1 ? <Tag color="green">{t('flowScreen.active')}</Tag> : <Tag color="orange">{t('flowScreen.suspended')}</Tag>;
}

/** A diagram: of an instance (its path and open tasks marked) or of a definition (plain). */
export function FlowDiagramView({ processInstanceId, processDefinitionId }: { processInstanceId?: string; processDefinitionId?: string }) {
  const { t } = useTranslation();
  const [diagram, setDiagram] = useState<FlowDiagram | null>();
  const [broken, setBroken] = useState<string>();
  useEffect(() => {
    let live = true;
    setDiagram(undefined);
    const load = processInstanceId
      ? flowApi.process.diagram({ processInstanceId })
      : flowApi.process.definitionDiagram({ processDefinitionId: processDefinitionId ?? '' });
    load.then(
      (answer) => live && setDiagram(answer),
      () => live && setDiagram(null),
    );
    return () => {
      live = false;
    };
  }, [processInstanceId, processDefinitionId]);
  // One object per answer: the viewer draws again when it changes.
  const highlight = useMemo(
    () =>
      diagram && processInstanceId
        ? { completed: diagram.completedActivityIds, active: diagram.activeActivityIds, taken: diagram.takenFlowIds }
        : undefined,
    [diagram, processInstanceId],
  );
  if (diagram === undefined) return <Skeleton active />;
  if (diagram === null) return <Empty />;
  if (broken) return <Empty description={t('flowScreen.designerBroken', { message: broken })} />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <BpmnViewer
        xml={diagram.xml}
        highlight={highlight}
        onError={setBroken}
        legend={processInstanceId ? { done: t('flowScreen.diagramDone'), current: t('flowScreen.diagramCurrent') } : undefined}
      />
    </Suspense>
  );
}

/** An instance's steps in order: step, who, start, end, duration, comment. */
export function HistoryTable({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<HistoryFlowRow[]>();
  useEffect(() => {
    let live = true;
    flowApi.process.historyFlowList({ processInstanceId }).then(
      // Gateways are the engine's routing, not steps anyone took.
      (answer) => live && setRows(answer.filter((row) => !/gateway$/i.test(row.historyActivityType))),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [processInstanceId]);
  const data = (text: string) => <span className="sso-data">{text}</span>;
  return (
    <Table<HistoryFlowRow>
      rowKey="id"
      size="small"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="flow-history"
      columns={[
        { dataIndex: 'historyActivityName', title: t('flowScreen.step'), render: (v: string, row) => data(v || row.historyActivityId) },
        { dataIndex: 'assigneeName', title: t('flowScreen.assignee'), render: data },
        { dataIndex: 'createTime', title: t('flowScreen.stepStart') },
        { dataIndex: 'endTime', title: t('flowScreen.stepEnd') },
        { dataIndex: 'historyActivityDurationTime', title: t('flowScreen.duration'), render: data },
        { dataIndex: 'comment', title: t('flowScreen.comment'), render: data },
      ]}
    />
  );
}

/** The diagram dialog of the lists (流程图 / 跟踪): a definition's diagram, or an instance's with its history. */
export function DiagramDialog({
  target,
  onClose,
}: {
  target?: { title: string; processInstanceId?: string; processDefinitionId?: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!target}
      title={target ? `${t('flowScreen.diagram')} · ${target.title}` : ''}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('flowScreen.close')}</Button>}
      data-testid="diagram-dialog"
    >
      {target && (
        <>
          <FlowDiagramView processInstanceId={target.processInstanceId} processDefinitionId={target.processDefinitionId} />
          {target.processInstanceId && (
            <Card size="small" title={t('flowScreen.history')} style={{ marginTop: 12 }}>
              <HistoryTable processInstanceId={target.processInstanceId} />
            </Card>
          )}
        </>
      )}
    </Modal>
  );
}

export interface FlowPage<T> {
  records: T[];
  total: number;
}

const changeListeners = new Set<() => void>();

/**
 * Says that tasks or instances changed (a task claimed or completed, a leave applied for): every
 * workflow list kept alive in another tab asks for its rows again.
 */
export function flowChanged(): void {
  for (const listener of changeListeners) listener();
}

/**
 * A paged list of the workflow screens: its page, page size and filters, and the rows of the
 * current query, asked again by `reload` (after an action) or when the language changes.
 */
export function useFlowList<T>(load: (query: Record<string, string | number | undefined>) => Promise<FlowPage<T>>) {
  const [query, setQuery] = useState<{ current: number; size: number; filters: Record<string, string | undefined> }>({
    current: 1,
    size: 10,
    filters: {},
  });
  const [page, setPage] = useState<FlowPage<T>>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    changeListeners.add(listener);
    return () => {
      changeListeners.delete(listener);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the screen's (a new function each render); the query and version say when to ask
  useEffect(() => {
    let live = true;
    setPage(undefined);
    const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== undefined && value !== ''));
    load({ current: query.current, size: query.size, ...filters }).then(
      (answer) => live && setPage(answer),
      () => live && setPage({ records: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [query, version]);
  return {
    rows: page?.records ?? [],
    loading: !page,
    reload: () => setVersion((v) => v + 1),
    search: (filters: Record<string, string | undefined>) => setQuery((q) => ({ ...q, current: 1, filters })),
    pagination: {
      current: query.current,
      pageSize: query.size,
      total: page?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 30, 50, 100],
      size: 'small' as const,
      onChange: (current: number, size: number) => setQuery((q) => ({ ...q, current: size === q.size ? current : 1, size })),
    },
  };
}

/** A row of filters above a list: wraps on a phone, never wider than the screen. */
export function FilterBar({
  fields,
  onSearch,
  name,
}: {
  fields: { name: string; label: string; input?: 'category' }[];
  onSearch: (values: Record<string, string | undefined>) => void;
  name: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="inline" name={name} className="sso-flow-filters" onFinish={onSearch} style={{ rowGap: 8, marginBottom: 12 }}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {field.input === 'category' ? <CategorySelect allowClear /> : <Input allowClear style={{ width: 160 }} />}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('flowScreen.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('flowScreen.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The tenants a process may be deployed for: every tenant from the platform tenant, else the caller's own. */
export function useTenantOptions(): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    client.system.tenant.select({}).then(
      (rows) => live && setOptions(rows.map((row) => ({ value: row.tenantId, label: `${row.tenantName} (${row.tenantId})` }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/** The tenant column: 通用 for a common process, else the tenant it was deployed for. */
export function TenantTag({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  return <Tag>{tenantId === '' ? t('flowScreen.common') : tenantId}</Tag>;
}
