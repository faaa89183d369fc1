import { UploadOutlined } from '@ant-design/icons';
import type { ProcessDefinitionRow } from '@sso/shared-api';
import { Button, Card, Form, List, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { flowApi } from './flow-api.js';
import { CategorySelect, StateTag, useTenantOptions, VersionTag } from './flow-parts.js';

const MAX_FILES = 5;
const MAX_BYTES = 1024 * 1024;

/** Whether a file's name is one the server deploys (`.bpmn` or `.bpmn20.xml`). */
export const isProcessFile = (name: string) => /\.(bpmn|bpmn20\.xml)$/i.test(name);

interface Fields {
  category: string;
  tenantIds?: string[];
  files: UploadFile[];
}

/**
 * 流程部署: BPMN files (.bpmn / .bpmn20.xml, at most five) deployed with a category and the tenants
 * they are for, in one multipart call; each process becomes the next version of its key. The
 * definitions made are listed below the form.
 */
export default function DeployScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const tenants = useTenantOptions();
  const mayUpload = useHasButton('flow_deploy_upload');
  const [busy, setBusy] = useState(false);
  const [deployed, setDeployed] = useState<ProcessDefinitionRow[]>([]);

  const deploy = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const files = values.files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => Boolean(file));
      const body = new FormData();
      body.append('category', values.category);
      body.append('tenantIds', (values.tenantIds ?? []).join(','));
      for (const file of files) body.append('files', file, file.name);
      const rows = await flowApi.manager.deployUpload(body);
      setDeployed(rows);
      feedback.message.success(t('flowScreen.deployed', { names: rows.map((row) => `${row.name || row.key} v${row.version}`).join(', ') }));
      form.setFieldValue('files', []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={menu?.name ?? t('flowScreen.uploadTitle')} data-screen="flow-deploy">
      <Form form={form} layout="vertical" name="flow-deploy" style={{ maxWidth: 560 }} initialValues={{ files: [], tenantIds: [] }}>
        <Form.Item name="category" label={t('flowScreen.category')} rules={[{ required: true, message: t('flowScreen.categoryPick') }]}>
          <CategorySelect />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('flowScreen.tenants')} extra={t('flowScreen.tenantsHelp')}>
          <Select mode="multiple" allowClear options={tenants} optionFilterProp="label" />
        </Form.Item>
        <Form.Item
          name="files"
          label={t('flowScreen.files')}
          extra={t('flowScreen.filesHelp')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-MAX_FILES)}
          rules={[
            { required: true, type: 'array', min: 1, message: t('flowScreen.filesRequired') },
            {
              validator: async (_, files: UploadFile[] = []) => {
                if (files.some((file) => !isProcessFile(file.name))) throw new Error(t('flowScreen.filesType'));
                if (files.some((file) => (file.size ?? 0) > MAX_BYTES)) throw new Error(t('flowScreen.filesHelp'));
              },
            },
          ]}
        >
          <Upload multiple accept=".bpmn,.xml" beforeUpload={() => false} maxCount={MAX_FILES}>
            <Button icon={<UploadOutlined />}>{t('flowScreen.choose')}</Button>
          </Upload>
        </Form.Item>
        {mayUpload && (
          <Button type="primary" loading={busy} onClick={() => void deploy().catch(() => undefined)} data-testid="deploy-upload">
            {t('flowScreen.upload')}
          </Button>
        )}
      </Form>
      {deployed.length > 0 && (
        <List
          style={{ marginTop: 16 }}
          size="small"
          bordered
          dataSource={deployed}
          data-testid="deployed-list"
          renderItem={(row) => (
            <List.Item>
              <span className="sso-data">
                {row.name || row.key} ({row.key})
              </span>{' '}
              <VersionTag version={row.version} /> <StateTag state={row.suspensionState} /> {row.deploymentTime}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
