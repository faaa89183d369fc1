import type { ColumnView, DictRow } from '@sso/shared-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import i18n from '../i18n/index.js';
import { isEnglish } from '../i18n/menu-names.js';

export interface Option {
  value: string;
  label: string;
}

/** One request per dictionary code for the life of the page (dictionaries rarely change). */
const cache = new Map<string, Promise<DictRow[]>>();

/** An entry's label in a language: English screens show its English label when it has one. */
export const dictValueIn = (language: string, row: Pick<DictRow, 'dictValue' | 'dictValueEn'>): string =>
  language === 'en' && row.dictValueEn ? row.dictValueEn : row.dictValue;

/** The options of a dictionary code, labelled in `language` (the screen's language by default). */
export function loadDict(code: string, language: string = i18n.language): Promise<Option[]> {
  let entry = cache.get(code);
  if (!entry) {
    entry = client.system.dict.dictionary({ code }).catch((error: unknown) => {
      cache.delete(code); // try again next time
      throw error;
    });
    cache.set(code, entry);
  }
  return entry.then((rows) =>
    rows.filter((row) => row.dictKey !== '-1').map((row) => ({ value: String(row.dictKey), label: dictValueIn(language, row) })),
  );
}

/** Options of every column with a `dict` (dict/dictionary?code=), by code, labelled in the screen's language. */
export function useDicts(columns: readonly ColumnView[]): Record<string, Option[]> {
  const codes = [...new Set(columns.map((c) => c.dict).filter((c): c is string => Boolean(c)))].sort().join(',');
  const language = useTranslation().i18n.language;
  const [dicts, setDicts] = useState<Record<string, Option[]>>({});
  useEffect(() => {
    let live = true;
    for (const code of codes ? codes.split(',') : []) {
      loadDict(code, language).then(
        (options) => live && setDicts((d) => ({ ...d, [code]: options })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [codes, language]);
  return dicts;
}

/**
 * The choices of a column: its dictionary's entries (loaded by `useDicts`), or its fixed options
 * labelled in `language`; undefined for a column that offers no choice.
 */
export function choicesOf(column: ColumnView, dicts: Readonly<Record<string, Option[]>>, language: string): Option[] | undefined {
  if (column.dict) return dicts[column.dict];
  const english = isEnglish(language);
  return column.options?.map((option) => ({ value: option.value, label: option.label[english ? 1 : 0] }));
}

/** A cell's text: the dictionary label of its value, or the value. */
export function dictLabel(options: readonly Option[] | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return options?.find((o) => o.value === text)?.label ?? text;
}
