import { Box, Text } from 'ink';
import type { Dispatch, SetStateAction } from 'react';
import { useLang } from '../core/i18n.js';
import { ANY_COLUMN } from '../core/narrow.js';
import type { FieldSpec } from '../core/view-specs.js';
import { FieldList } from './field-list.js';

interface FilterBoxProps {
  fields: readonly FieldSpec[];
  values: Record<string, string>;
  setValues: Dispatch<SetStateAction<Record<string, string>>>;
  onKeep: (typed: Record<string, string>) => void;
  onClear: () => void;
  active: boolean;
  width: number;
}

/** The `/` filter over a list: its fields and what Enter and Esc do (the server's search, or the rows read only). */
export function FilterBox({ fields, values, setValues, onKeep, onClear, active, width }: FilterBoxProps) {
  const { t } = useLang();
  return (
    <Box flexDirection="column" borderStyle="single" borderColor="gray" paddingX={1}>
      <FieldList
        fields={fields}
        values={values}
        setValues={setValues}
        onSubmit={onKeep}
        onCancel={onClear}
        active={active}
        width={width - 4}
      />
      <Text dimColor>{fields[0]?.prop === ANY_COLUMN ? t('filterHint') : t('searchHint')}</Text>
    </Box>
  );
}

/** Lines the box takes besides its fields: two borders and the hint. */
export const FILTER_BOX_CHROME = 3;
