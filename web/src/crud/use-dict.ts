import type { ColumnView } from '@sso/shared-api';
import { useEffect, useState } from 'react';
import { client } from '../api/client.js';

export interface Option {
  value: string;
  label: string;
}

/** One request per dictionary code for the life of the page (dictionaries rarely change). */
const cache = new Map<string, Promise<Option[]>>();

export function loadDict(code: string): Promise<Option[]> {
  let entry = cache.get(code);
  if (!entry) {
    entry = client.system.dict
      .dictionary({ code })
      .then((rows) => rows.filter((row) => row.dictKey !== '-1').map((row) => ({ value: String(row.dictKey), label: row.dictValue })))
      .catch((error: unknown) => {
        cache.delete(code); // try again next time
        throw error;
      });
    cache.set(code, entry);
  }
  return entry;
}

/** Options of every column with a `dict` (dict/dictionary?code=), by code. */
export function useDicts(columns: readonly ColumnView[]): Record<string, Option[]> {
  const codes = [...new Set(columns.map((c) => c.dict).filter((c): c is string => Boolean(c)))].sort().join(',');
  const [dicts, setDicts] = useState<Record<string, Option[]>>({});
  useEffect(() => {
    let live = true;
    for (const code of codes ? codes.split(',') : []) {
      loadDict(code).then(
        (options) => live && setDicts((d) => ({ ...d, [code]: options })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [codes]);
  return dicts;
}

/** A cell's text: the dictionary label of its value, or the value. */
export function dictLabel(options: readonly Option[] | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return options?.find((o) => o.value === text)?.label ?? text;
}
