import { Box, Text, useInput } from 'ink';
import { type Dispatch, type SetStateAction, useRef } from 'react';
import { useLang } from '../core/i18n.js';
import { titlesOf } from '../core/tree-sources.js';
import { useRefState } from '../core/use-ref-state.js';
import type { FieldSpec } from '../core/view-specs.js';
import { displayWidth, fit } from '../core/width.js';
import { editText, TextField } from './text-input.js';

interface FieldListProps {
  fields: readonly FieldSpec[];
  values: Record<string, string>;
  setValues: Dispatch<SetStateAction<Record<string, string>>>;
  errors?: Record<string, string | undefined>;
  /** Receives the values as they are after every key so far (keys may arrive before a redraw). */
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
  /** Enter on a tree field: the form opens its picker (Enter elsewhere submits). */
  onPick?: (field: FieldSpec) => void;
  active: boolean;
  /** Columns the form may use. */
  width: number;
}

/**
 * A vertical form: ↑/↓ (or Tab) move between fields, ←/→ change a choice, Enter submits, Esc
 * cancels. On a tree field Enter opens its picker instead (ids are never typed: Backspace clears
 * it). Each field's message is drawn beside it.
 */
export function FieldList({ fields, values, setValues, errors = {}, onSubmit, onCancel, onPick, active, width }: FieldListProps) {
  const { t } = useLang();
  const [focus, setFocus, focusRef] = useRefState(0);
  const latest = useRef(values);
  latest.current = values;
  /** Applies an edit to the latest values at once, and to the parent's state. */
  const edit = (update: (previous: Record<string, string>) => Record<string, string>) => {
    latest.current = update(latest.current);
    setValues(update);
  };
  useInput(
    (input, key) => {
      const current = fields[focusRef.current];
      if (key.escape) return onCancel();
      if (key.return && current?.kind === 'tree' && onPick) return onPick(current);
      if (key.return) return onSubmit(latest.current);
      if (key.downArrow || (key.tab && !key.shift)) return setFocus((i) => (i + 1) % fields.length);
      if (key.upArrow || (key.tab && key.shift)) return setFocus((i) => (i - 1 + fields.length) % fields.length);
      if (current?.kind === 'choice' && (key.leftArrow || key.rightArrow)) {
        const choices = current.choices ?? [];
        if (!choices.length) return;
        return edit((previous) => {
          const at = choices.findIndex((choice) => choice.value === (previous[current.prop] ?? ''));
          const next = (at + (key.rightArrow ? 1 : -1) + choices.length) % choices.length;
          return { ...previous, [current.prop]: choices[next].value };
        });
      }
      if (current?.kind === 'tree') {
        if (key.backspace || key.delete || (key.ctrl && input === 'u')) edit((previous) => ({ ...previous, [current.prop]: '' }));
        return;
      }
      if (current && current.kind !== 'choice') {
        edit((previous) => {
          const edited = editText(previous[current.prop] ?? '', input, key);
          return edited === undefined ? previous : { ...previous, [current.prop]: edited };
        });
      }
    },
    { isActive: active },
  );
  const labelWidth = Math.min(18, Math.max(...fields.map((field) => displayWidth(field.label) + (field.required ? 1 : 0))) + 1);
  return (
    <Box flexDirection="column">
      {fields.map((field, index) => {
        const focused = active && index === focus;
        const error = errors[field.prop];
        const value = values[field.prop] ?? '';
        return (
          <Box key={field.prop} width={width}>
            <Text color={focused ? 'cyan' : undefined} bold={focused}>
              {focused ? '❯ ' : '  '}
              {fit(`${field.required ? '*' : ''}${field.label}`, labelWidth)}
            </Text>
            <Box flexGrow={1} flexShrink={1}>
              {field.kind === 'tree' ? (
                <Text inverse={focused} wrap="truncate">
                  {`${titlesOf(field.tree?.nodes ?? [], value) || '—'}${focused ? ` (${t('treeFieldHint')})` : ''}`}
                </Text>
              ) : field.kind === 'choice' ? (
                <Text inverse={focused} wrap="truncate">
                  {`‹ ${field.choices?.find((choice) => choice.value === value)?.label ?? value} ›`}
                </Text>
              ) : (
                <TextField value={value} focused={focused} mask={field.kind === 'password'} />
              )}
            </Box>
            {error ? (
              <Text color="red" wrap="truncate">
                {` ${error}`}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
