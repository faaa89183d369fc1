import { Form, type FormInstance, Modal } from 'antd';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Field → message: problems found beyond the fields' own rules (rules across fields, a query's schema). */
export type FieldProblems = Record<string, string>;

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** The form's name, the prefix of its input ids. */
  name: string;
  /** The form, when the dialog's owner fills or reads it; one of its own otherwise. */
  form?: FormInstance<V>;
  width?: number;
  okText?: string;
  /** OK cannot be pressed yet (what the form needs is still loading). */
  okDisabled?: boolean;
  /** Only shown: OK closes, there is no cancel and the fields are disabled. */
  readOnly?: boolean;
  /** Checks run after the fields' rules pass; each problem shows under its field and nothing is sent. */
  check?: (values: V) => FieldProblems;
  /**
   * Sends the values. Resolving closes the dialog; rejecting keeps it open as typed (the response
   * handler has shown the server's message).
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Drawn while closed too, so the owner can fill the form before it opens. */
  forceRender?: boolean;
  /** The screen's own buttons left of cancel and OK (e.g. test the values typed), not in a read-only dialog. */
  footerExtra?: ReactNode;
  children: ReactNode;
}

/** Inputs typed into (not ticked or chosen). */
const TYPED = new Set(['text', 'password', 'email', 'number', 'tel', 'search', 'url']);

/** Enter in a one-line field sends the form; in pickers and selects it keeps choosing, in text areas it breaks lines. */
const sendsOnEnter = (event: KeyboardEvent) => {
  const target = event.target as HTMLElement;
  return (
    event.key === 'Enter' &&
    !event.nativeEvent.isComposing &&
    target instanceof HTMLInputElement &&
    TYPED.has(target.type) &&
    target.getAttribute('role') !== 'combobox' &&
    !target.closest('.ant-select, .ant-picker, .ant-cascader')
  );
};

/**
 * A dialog holding one form: OK runs the fields' rules, then `check`, then `onSubmit` with the OK
 * button loading until it settles; success closes, failure keeps everything as typed. Enter in
 * a text field does what OK does. Closing drops the fields and their values (`preserve={false}`),
 * so each opening starts clean; a dialog drawn while closed (`forceRender`) is filled by its owner.
 */
export function FormModal<V extends object>({
  open,
  title,
  name,
  form: given,
  width,
  okText,
  okDisabled,
  readOnly,
  check,
  onSubmit,
  onClose,
  forceRender,
  footerExtra,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    // A failed rule shows under its field; the rejection is not an error of the page.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const problems = Object.entries(check?.(values) ?? {});
    if (problems.length) {
      form.setFields(problems.map(([field, message]) => ({ name: field as never, errors: [message] })));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      return; // toasted by the response handler; the dialog stays open as typed
    } finally {
      setSaving(false);
    }
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (readOnly || okDisabled || !sendsOnEnter(event)) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit()}
      okText={readOnly ? t('common.close') : (okText ?? t('common.submit'))}
      cancelText={t('common.cancel')}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      okButtonProps={okDisabled ? { disabled: true } : undefined}
      confirmLoading={saving}
      destroyOnHidden
      forceRender={forceRender}
      footer={
        footerExtra && !readOnly
          ? (_, { OkBtn, CancelBtn }) => (
              <>
                {footerExtra}
                <CancelBtn />
                <OkBtn />
              </>
            )
          : undefined
      }
    >
      <Form form={form} name={name} layout="vertical" disabled={readOnly} onKeyDown={onKeyDown} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
