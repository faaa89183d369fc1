import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickOption {
  label: string;
  value: string;
}

export interface PickDialogProps {
  open: boolean;
  title: string;
  label: string;
  help: string;
  /** The choices and the current one ('' for none), loaded each time the dialog opens. */
  load: () => Promise<{ options: PickOption[]; current: string }>;
  /** Saves the choice ('' clears it); rejects to keep the dialog open. */
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}

/** One choice among a list, or none: a tenant's data source or product package. */
export function PickDialog({ open, title, label, help, load, onSave, onClose }: PickDialogProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<PickOption[]>();
  const [value, setValue] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setOptions(undefined);
    if (!open) return;
    let live = true;
    load().then(
      (answer) => {
        if (!live) return;
        setOptions(answer.options);
        setValue(answer.current || undefined);
      },
      onClose, // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [open, load, onClose]);

  const save = async () => {
    setSaving(true);
    try {
      await onSave(value ?? '');
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={480}
      onCancel={onClose}
      onOk={save}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !options }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" name="pick-dialog">
        <Form.Item label={label} help={help} htmlFor="pick-dialog-value">
          <Select
            id="pick-dialog-value"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={!options}
            options={options ?? []}
            value={value}
            onChange={(next?: string) => setValue(next)}
            placeholder={label}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
