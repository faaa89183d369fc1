import type { ResourceDef } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useConsole } from '../core/console.js';
import { labelOf, useLang } from '../core/i18n.js';
import { type ChoiceMap, formErrors, formFields, formValues, toPayload } from '../core/resource-view.js';
import type { Row } from '../core/use-list.js';
import { FieldList } from './field-list.js';

interface RecordFormProps {
  def: ResourceDef;
  /** The row edited; a new row otherwise. */
  row?: Row;
  /** Values a new row starts with (the dictionary an entry goes under). */
  defaults?: Record<string, string>;
  choices: ChoiceMap;
  active: boolean;
  width: number;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Create or edit a row: the entity's schema checks the fields before anything is sent (each
 * message beside its field), then `submit` saves it; a refusal of the server goes to the status area.
 */
export function RecordForm({ def, row, defaults, choices, active, width, onSaved, onCancel }: RecordFormProps) {
  const { client, run, notify } = useConsole();
  const { lang, t } = useLang();
  const editing = row !== undefined;
  const fields = formFields(def, lang, choices, editing);
  const [values, setValues] = useState(() => ({ ...formValues(fields, row), ...(editing ? {} : defaults) }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (values: Record<string, string>) => {
    const changed = editing
      ? Object.fromEntries(Object.entries(values).filter(([prop, value]) => value !== formValues(fields, row)[prop]))
      : values;
    const payload = toPayload(def, changed, editing);
    const found = formErrors(def, payload, editing, lang);
    setErrors(found);
    if (Object.keys(found).length) return;
    const key = def.keyField;
    const body = editing ? { ...payload, [key]: row[key] } : payload;
    const saved = await run(() => client.call('POST', `${def.basePath}/submit`, undefined, body));
    if (saved !== undefined) {
      notify(t('saved'));
      onSaved();
    }
  };

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold color="cyan">
        {labelOf(lang, def.view.title)} · {editing ? t('edit') : t('create')}
      </Text>
      <FieldList
        fields={fields}
        values={values}
        setValues={setValues}
        errors={errors}
        onSubmit={(typed) => void submit(typed)}
        onCancel={onCancel}
        active={active}
        width={width - 4}
      />
      <Text dimColor>{t('formHint')}</Text>
    </Box>
  );
}
