import { APPROVER_KINDS } from '@sso/shared-api';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import '../../access/access-strings.js';

/** The kind of approver at a node, named in the language shown. */
export function ApproverKindPicker({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      disabled={disabled}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next) => onChange?.(next)}
      placeholder={t('access.pick')}
      options={APPROVER_KINDS.map((kind) => ({ value: kind, label: t(`access.kinds.${kind}`) }))}
    />
  );
}

/** A node's approver kind as a table shows it, in the language shown. */
export function ApproverKindLabel({ kind }: { kind: unknown }) {
  const { t } = useTranslation();
  return <span>{typeof kind === 'string' && kind ? t(`access.kinds.${kind}`) : ''}</span>;
}
