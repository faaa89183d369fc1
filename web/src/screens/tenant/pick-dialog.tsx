import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { FormModal } from '../../crud/form-modal.js';

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
  /** Saves the choice ('' clears it); resolving closes the dialog, rejecting keeps it open. */
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}

/** One choice among a list, or none: a tenant's data source or product package. */
export function PickDialog({ open, title, label, help, load, onSave, onClose }: PickDialogProps) {
  const [form] = Form.useForm<{ value?: string }>();
  const [options, setOptions] = useState<PickOption[]>();

  useEffect(() => {
    setOptions(undefined);
    if (!open) return;
    let live = true;
    load().then(
      (answer) => {
        if (!live) return;
        setOptions(answer.options);
        form.setFieldsValue({ value: answer.current || undefined });
      },
      onClose, // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [open, load, onClose, form]);

  return (
    <FormModal
      open={open}
      title={title}
      name="pick-dialog"
      form={form}
      width={480}
      okDisabled={!options}
      onSubmit={(values) => onSave(values.value ?? '')}
      onClose={onClose}
    >
      <Form.Item name="value" label={label} help={help}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={!options} options={options ?? []} placeholder={label} />
      </Form.Item>
    </FormModal>
  );
}
