import { APP_HANDOFF_MODES } from '@sso/shared-api';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import './strings.js';

type HandoffMode = (typeof APP_HANDOFF_MODES)[number];
const isHandoffMode = (value: unknown): value is HandoffMode => APP_HANDOFF_MODES.includes(value as HandoffMode);

/**
 * How a `token` application receives the user: one of the two modes the entity accepts, named in
 * the language shown (no free text the server would refuse). The form kit shows every field
 * whatever the protocol, so the label says the field matters to `token` applications only.
 */
export function HandoffModeInput({ value, onChange, disabled, id, placeholder }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      disabled={disabled}
      value={isHandoffMode(value) ? value : undefined}
      onChange={(next) => onChange?.(next)}
      placeholder={placeholder}
      options={APP_HANDOFF_MODES.map((mode) => ({ value: mode, label: t(`apsScreen.handoffMode.${mode}`) }))}
    />
  );
}

/** A hand-off mode as a table or detail shows it, in the language shown. */
export function HandoffModeLabel({ mode }: { mode: unknown }) {
  const { t } = useTranslation();
  return <span>{isHandoffMode(mode) ? t(`apsScreen.handoffMode.${mode}`) : ''}</span>;
}
