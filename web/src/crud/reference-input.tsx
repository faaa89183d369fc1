import { type Reference, type ReferenceChoice, referenceChoiceFor, searchReference } from '@sso/shared-api';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';

/** Typing waits this long for the next key before the server is asked. */
const SEARCH_DELAY_MS = 300;

interface ReferenceInputProps {
  reference: Reference;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Injected by Form.Item, so the label points at the input. */
  id?: string;
}

/**
 * The input of a field that holds another resource's key (a role's application): a select that
 * searches that resource by name on the server as the person types (a tenant may hold far more
 * rows than one page), shows names, and stores the key. A saved key keeps its name, read once.
 */
export function ReferenceInput({ value, onChange, disabled, id, reference }: ReferenceInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<ReferenceChoice[]>();
  const [chosen, setChosen] = useState<ReferenceChoice>();
  const selected = value === undefined || value === null || value === '' ? undefined : String(value);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        searchReference(client, reference, typed).then(
          (found) => live && setOptions(found),
          () => live && setOptions([]), // the response handler has told the person
        ),
      typed ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, reference]);

  useEffect(() => {
    if (!selected || chosen?.value === selected || options?.some((o) => o.value === selected)) return;
    let live = true;
    void referenceChoiceFor(client, reference, selected).then((found) => live && setChosen(found));
    return () => {
      live = false;
    };
  }, [selected, chosen, options, reference]);

  const shown = options ?? [];
  const all = chosen && !shown.some((o) => o.value === chosen.value) ? [chosen, ...shown] : shown;
  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      onSearch={setTyped}
      disabled={disabled}
      loading={!options}
      placeholder={t('crud.pickByName')}
      value={selected}
      onChange={(next) => {
        setChosen(all.find((o) => o.value === next));
        onChange?.(next ?? '');
      }}
      options={all}
    />
  );
}
