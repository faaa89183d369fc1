import { type ResourceDef, referenceChoiceFor } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useConsole } from '../core/console.js';
import { labelOf, useLang } from '../core/i18n.js';
import { type ChoiceMap, formErrors, formFields, formValues, toPayload } from '../core/resource-view.js';
import { type PickNode, toPickNodes, treeSourceOf } from '../core/tree-sources.js';
import type { Row } from '../core/use-list.js';
import type { FieldSpec } from '../core/view-specs.js';
import { FieldList } from './field-list.js';
import { ReferencePicker } from './reference-picker.js';
import { TreePicker } from './tree-picker.js';

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

/** Lines the picker of a tree field may take at most. */
const PICKER_HEIGHT = 14;

/**
 * Create or edit a row: the entity's schema checks the fields before anything is sent (each
 * message beside its field), then `submit` saves it; a refusal of the server goes to the status area.
 * A field whose column is a tree with a known source (departments, roles, a parent) is picked in
 * that tree (Enter opens it): the form shows the names and sends the ids, one or several as the
 * source says, as the web's tree select does.
 */
export function RecordForm({ def, row, defaults, choices, active, width, onSaved, onCancel }: RecordFormProps) {
  const { client, run, notify, rows } = useConsole();
  const { lang, t } = useLang();
  const editing = row !== undefined;
  const [trees, setTrees] = useState<Record<string, PickNode[]>>({});
  /** The tree field whose picker is open. */
  const [picking, setPicking] = useState<FieldSpec>();
  /** The fields that apply to these values (a protocol's settings for that protocol only), tree fields picked in their trees. */
  const fieldsFor = (typed: Record<string, string>) =>
    formFields(def, lang, choices, editing, typed).map((field): FieldSpec => {
      const column = def.view.columns.find((c) => c.prop === field.prop);
      const reference = def.references[field.prop];
      // A reference shows the name of the row picked, as a one-node tree, and is picked by searching.
      if (reference) return { ...field, kind: 'tree', tree: { nodes: trees[field.prop] ?? [], multiple: false }, reference };
      const source = column && treeSourceOf(def, column);
      return source ? { ...field, kind: 'tree', tree: { nodes: trees[field.prop] ?? [], multiple: source.multiple === true } } : field;
    });
  /** The row's values as text, for every column (a setting of another protocol included). */
  const rowValues = formValues(def.view.columns, row);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the trees are read once per opened form
  useEffect(() => {
    for (const [prop, reference] of Object.entries(def.references)) {
      const key = rowValues[prop] || defaults?.[prop];
      if (!key) continue;
      void referenceChoiceFor(client, reference, key).then((choice) =>
        setTrees((previous) => ({ ...previous, [prop]: [{ id: choice.value, title: choice.label }] })),
      );
    }
    for (const column of def.view.columns) {
      const source = treeSourceOf(def, column);
      if (!source || column.hideInForm) continue;
      void run(() => source.load(client)).then(
        (nodes) => nodes && setTrees((previous) => ({ ...previous, [column.prop]: toPickNodes(nodes) })),
      );
    }
  }, [def, client]);
  const [values, setValues] = useState(() => ({ ...rowValues, ...(editing ? {} : defaults) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = fieldsFor(values);

  const submit = async (typed: Record<string, string>) => {
    // Only what applies to the values typed is checked and sent; a setting left behind by another choice is not.
    const shown = new Set(fieldsFor(typed).map((field) => field.prop));
    const values = Object.fromEntries(Object.entries(typed).filter(([prop]) => shown.has(prop)));
    const changed = editing ? Object.fromEntries(Object.entries(values).filter(([prop, value]) => value !== rowValues[prop])) : values;
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
        onPick={setPicking}
        active={active && !picking}
        width={width - 4}
      />
      {picking?.reference ? (
        <ReferencePicker
          title={picking.label}
          reference={picking.reference}
          active={active}
          width={Math.min(width - 4, 60)}
          height={Math.max(6, Math.min(PICKER_HEIGHT, rows - fields.length - 8))}
          onCancel={() => setPicking(undefined)}
          onDone={(choice) => {
            if (choice) {
              setValues((previous) => ({ ...previous, [picking.prop]: choice.value }));
              setTrees((previous) => ({ ...previous, [picking.prop]: [{ id: choice.value, title: choice.label }] }));
            }
            setPicking(undefined);
          }}
        />
      ) : picking ? (
        <TreePicker
          title={picking.label}
          nodes={picking.tree?.nodes ?? []}
          multiple={picking.tree?.multiple === true}
          initial={(values[picking.prop] ?? '').split(',').filter(Boolean)}
          active={active}
          width={Math.min(width - 4, 60)}
          height={Math.max(6, Math.min(PICKER_HEIGHT, rows - fields.length - 8))}
          onCancel={() => setPicking(undefined)}
          onDone={(ids) => {
            setValues((previous) => ({ ...previous, [picking.prop]: ids.join(',') }));
            setPicking(undefined);
          }}
        />
      ) : null}
      <Text dimColor>{fields.some((field) => field.kind === 'tree') ? t('treeFormHint') : t('formHint')}</Text>
    </Box>
  );
}
