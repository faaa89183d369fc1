import type { ModelDetail } from '@sso/shared-api';
import { Alert, Button, Col, Form, Input, Modal, Row, Skeleton, Space } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import type { ModelerHandle } from './bpmn/bpmn-modeler.js';
import { camundaAliased, isProcessKey, newDiagram, withProcess } from './bpmn/new-diagram.js';
import { flowApi } from './flow-api.js';
import { CategorySelect } from './flow-parts.js';

/** bpmn-js's modeler and properties panel load when the designer first opens, never with the list. */
const BpmnModeler = lazy(() => import('./bpmn/bpmn-modeler.js'));

/** What the designer opens: a stored model, or a new one (empty, or an imported file's XML with its process id and name). */
export type DesignerTarget = { model: ModelDetail } | { xml?: string; modelKey?: string; name?: string };

interface Fields {
  modelKey: string;
  name: string;
  category?: string;
  description?: string;
}

/**
 * The designer: the model's key, name, category and description above bpmn-js's modeler with its
 * properties panel. Saving sends the diagram to the server, which parses it with the engine; its
 * refusal (a script task, an expression it cannot read, no start event …) is shown above the diagram.
 */
export function ModelDesigner({ target, onClose, onSaved }: { target?: DesignerTarget; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const handle = useRef<ModelerHandle | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [broken, setBroken] = useState<string>();
  const [stored, setStored] = useState<ModelDetail>();
  const [xml, setXml] = useState<string>();

  useEffect(() => {
    setRefusal(undefined);
    setBroken(undefined);
    if (!target) return;
    if ('model' in target) {
      setStored(target.model);
      setXml(camundaAliased(target.model.xml));
      form.setFieldsValue({
        modelKey: target.model.modelKey,
        name: target.model.name,
        category: target.model.category || undefined,
        description: target.model.description,
      });
    } else {
      setStored(undefined);
      setXml(target.xml ? camundaAliased(target.xml) : newDiagram('process', ''));
      form.setFieldsValue({ modelKey: target.modelKey ?? '', name: target.name ?? '', category: undefined, description: '' });
    }
  }, [target, form]);

  const save = async () => {
    const fields = await form.validateFields();
    const diagram = await handle.current?.xml();
    if (!diagram) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const saved = await flowApi.model.submit({
        ...(stored ? { id: stored.id } : {}),
        modelKey: fields.modelKey,
        name: fields.name,
        category: fields.category,
        description: fields.description ?? '',
        xml: withProcess(diagram, fields),
      });
      setStored(saved);
      feedback.message.success(t('flowScreen.saved'));
      onSaved();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!target}
      title={stored ? t('flowScreen.designerEdit', { name: stored.name }) : t('flowScreen.designerNew')}
      width="calc(100vw - 32px)"
      style={{ top: 16, maxWidth: 1600 }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      data-testid="model-designer"
      footer={
        <Space>
          <Button onClick={onClose}>{t('flowScreen.close')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="save-model">
            {t('flowScreen.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="flow-model" requiredMark>
        <Row gutter={12}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="modelKey"
              label={t('flowScreen.modelKey')}
              tooltip={t('flowScreen.modelKeyHelp')}
              rules={[
                { required: true, message: t('flowScreen.modelKeyRequired') },
                {
                  validator: async (_, value: string) =>
                    !value || isProcessKey(value) ? undefined : Promise.reject(new Error(t('flowScreen.modelKeyBad'))),
                },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="name"
              label={t('flowScreen.modelName')}
              rules={[{ required: true, whitespace: true, message: t('flowScreen.modelNameRequired') }]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="category" label={t('flowScreen.category')}>
              <CategorySelect allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="description" label={t('flowScreen.description')}>
              <Input maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 8 }} data-testid="model-refusal" />}
      {broken && <Alert type="error" showIcon title={t('flowScreen.designerBroken', { message: broken })} style={{ marginBottom: 8 }} />}
      {xml && (
        <Suspense fallback={<Skeleton active />}>
          <BpmnModeler xml={xml} language={i18n.language} handle={handle} onError={setBroken} />
        </Suspense>
      )}
    </Modal>
  );
}
