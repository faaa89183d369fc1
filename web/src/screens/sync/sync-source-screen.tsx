import { registry, type SyncRunAnswer } from '@sso/shared-api';
import { Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import CrudPage from '../../crud/crud-page.js';
import { withEntityNumbers } from '../../crud/validation.js';
import { addScreenStrings } from '../../i18n/index.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';

addScreenStrings('sync', {
  'zh-CN': {
    dryRun: '试运行',
    apply: '执行同步',
    applyPlan: '按此结果执行',
    applyConfirm: '从“{{name}}”同步？离开目录的用户将被停用并立即下线。',
    planTitle: '试运行：{{name}}（未做任何修改）',
    appliedTitle: '已同步：{{name}}',
    counts: '新增 {{creates}}，更新 {{updates}}，移动 {{moves}}，停用 {{disables}}，错误 {{errors}}',
    more: '只显示前 {{shown}} 行',
    kind: '类型',
    action: '操作',
    label: '名称',
    changes: '变更',
    message: '说明',
    dept: '机构',
    user: '用户',
    create: '新增',
    update: '更新',
    rename: '改名',
    move: '移动',
    disable: '停用',
    error: '错误',
    upload: '上传人事文件',
    uploaded: '已上传 {{rows}} 行，可试运行查看变更',
    uploadBroken: '文件有 {{count}} 个错误行，修正前执行同步不会做任何修改',
    testConnection: '测试连接',
    connectionFailed: '连接失败',
  },
  en: {
    dryRun: 'Dry run',
    apply: 'Sync now',
    applyPlan: 'Apply this',
    applyConfirm: 'Sync from “{{name}}”? Users gone from the directory are disabled and signed out at once.',
    planTitle: 'Dry run: {{name}} (nothing changed)',
    appliedTitle: 'Synced: {{name}}',
    counts: 'creates {{creates}}, updates {{updates}}, moves {{moves}}, disables {{disables}}, errors {{errors}}',
    more: 'Showing the first {{shown}} rows',
    kind: 'Kind',
    action: 'Action',
    label: 'Name',
    changes: 'Changes',
    message: 'Message',
    dept: 'Department',
    user: 'User',
    create: 'Create',
    update: 'Update',
    rename: 'Rename',
    move: 'Move',
    disable: 'Disable',
    error: 'Error',
    upload: 'Upload HR file',
    uploaded: '{{rows}} rows uploaded: run a dry run to see the changes',
    uploadBroken: 'The file has {{count}} broken rows: until they are fixed, a sync changes nothing',
    testConnection: 'Test connection',
    connectionFailed: 'Connection failed',
  },
});

const def = registry.system.syncSource;
const api = () => client.system.syncSource;
const COLORS: Record<string, string> = { create: 'green', update: 'blue', rename: 'blue', move: 'purple', disable: 'orange', error: 'red' };

type Shown = { name: string; id: string; answer: SyncRunAnswer; dryRun: boolean };

/** `{ field: [before, after] }` as `field: before → after`. */
export const changesText = (changes: Record<string, [string | null, string | null]>) =>
  Object.entries(changes)
    .map(([field, [from, to]]) => (from === null ? `${field}: ${to ?? ''}` : `${field}: ${from} → ${to ?? ''}`))
    .join('; ');

/**
 * 同步源: the generic list and dialog of the sources (the bind password and secret write-only),
 * plus 试运行 (the difference, changing nothing, with 按此结果执行 to apply exactly it) and
 * 执行同步 on each source, 测试连接 (the saved address and credentials reached, nothing read), and
 * 上传人事文件 on an HR file source.
 */
export default function SyncSourceScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canDryRun = useHasButton('syncsource_dryrun');
  const canApply = useHasButton('syncsource_apply');
  const [busy, setBusy] = useState<string>();
  const [shown, setShown] = useState<Shown>();

  const run = async (row: { id: string; name: string }, dryRun: boolean, runId?: string) => {
    setBusy(row.id);
    try {
      const answer = dryRun
        ? await api().dryRun(undefined, { id: row.id })
        : await api().apply(undefined, { id: row.id, ...(runId ? { runId } : {}) });
      setShown({ name: row.name, id: row.id, answer, dryRun });
      if (!dryRun) feedback.message.success(t('sync.counts', answer));
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(undefined);
    }
  };
  /** Gives an HR file source its CSV or xlsx; broken rows are listed at once (a sync would apply none of the file). */
  const uploadFile = async (row: { id: string; name: string }, file: File) => {
    setBusy(row.id);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api().upload(form as never, { id: row.id });
      if (!answer.failures.length) feedback.message.success(t('sync.uploaded', { rows: answer.rows }));
      else {
        feedback.modal.warning({
          title: t('sync.uploadBroken', { count: answer.failures.length }),
          content: (
            <ul data-testid="sync-upload-failures">
              {answer.failures.slice(0, 50).map((f) => (
                <li key={f.row}>{f.message}</li>
              ))}
            </ul>
          ),
        });
      }
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(undefined);
    }
  };
  /**
   * Reaches the source with its credentials; the answer says connected or why not. From a row: the
   * saved source. From the dialog: the values typed there, unsaved (over the source edited; a
   * secret left blank is the saved one while the address stays).
   */
  const testConnection = async (row: { id?: string }, typed?: Record<string, unknown>) => {
    const key = row.id ?? 'new';
    setBusy(key);
    try {
      const answer = await api().testConnection((typed ?? undefined) as never, row.id ? { id: row.id } : {});
      if (answer.ok) feedback.message.success(answer.message);
      else
        feedback.modal.error({
          title: t('sync.connectionFailed'),
          content: <span data-testid="sync-connection-failure">{answer.message}</span>,
        });
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(undefined);
    }
  };
  const confirmApply = (row: { id: string; name: string }, runId?: string) =>
    feedback.modal.confirm({
      title: t('sync.apply'),
      content: t('sync.applyConfirm', { name: row.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => run(row, false, runId),
    });

  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        formName="syncsource"
        formActions={(form, edited) =>
          canDryRun && (
            <Button
              data-testid="sync-form-test-connection"
              loading={busy === (edited?.id ? String(edited.id) : 'new')}
              onClick={() =>
                void testConnection({ id: edited?.id ? String(edited.id) : undefined }, withEntityNumbers(def, form.getFieldsValue(true)))
              }
            >
              {t('sync.testConnection')}
            </Button>
          )
        }
        rowActions={(raw) => {
          const row = { id: String(raw.id), name: String(raw.name ?? '') };
          return (
            <Space size={0}>
              {canApply && raw.kind === 'file' && (
                <Upload
                  accept=".csv,.xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void uploadFile(row, file);
                    return false;
                  }}
                >
                  <Button type="link" size="small" disabled={busy === row.id}>
                    {t('sync.upload')}
                  </Button>
                </Upload>
              )}
              {canDryRun && (
                <Button type="link" size="small" disabled={busy === row.id} onClick={() => testConnection(row)}>
                  {t('sync.testConnection')}
                </Button>
              )}
              {canDryRun && (
                <Button type="link" size="small" loading={busy === row.id} onClick={() => run(row, true)}>
                  {t('sync.dryRun')}
                </Button>
              )}
              {canApply && (
                <Button type="link" size="small" disabled={busy === row.id} onClick={() => confirmApply(row)}>
                  {t('sync.apply')}
                </Button>
              )}
            </Space>
          );
        }}
      />
      <Modal
        open={shown !== undefined}
        title={shown && t(shown.dryRun ? 'sync.planTitle' : 'sync.appliedTitle', { name: shown.name })}
        onCancel={() => setShown(undefined)}
        width={960}
        destroyOnHidden
        footer={
          shown?.dryRun && canApply ? (
            <Button type="primary" onClick={() => shown && confirmApply({ id: shown.id, name: shown.name }, shown.answer.runId)}>
              {t('sync.applyPlan')}
            </Button>
          ) : null
        }
      >
        {shown && (
          <>
            <Typography.Paragraph data-testid="sync-counts">{t('sync.counts', shown.answer)}</Typography.Paragraph>
            <Table
              size="small"
              rowKey={(r) => `${r.kind}:${r.action}:${r.externalId}:${r.label}`}
              dataSource={shown.answer.rows}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              columns={[
                { title: t('sync.kind'), dataIndex: 'kind', width: 90, render: (v: string) => t(`sync.${v}`) },
                {
                  title: t('sync.action'),
                  dataIndex: 'action',
                  width: 90,
                  render: (v: string) => <Tag color={COLORS[v]}>{t(`sync.${v}`)}</Tag>,
                },
                { title: t('sync.label'), dataIndex: 'label', width: 160 },
                { title: t('sync.changes'), dataIndex: 'changes', render: changesText },
                { title: t('sync.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}
