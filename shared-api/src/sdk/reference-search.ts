import { REFERENCE_SEARCH_SIZE, type Reference, type ReferenceChoice, referenceChoice } from '../references.js';
import type { AuthClient } from './auth-client.js';

type Row = Record<string, unknown>;

/**
 * The rows a reference picker offers for what was typed: the first rows of the referred
 * resource whose name (or, when it is searchable, whose hint: a user's account) holds the text,
 * name matches first; the first page for no text. Both consoles search the same way, through the
 * generic `page` route every listed resource has.
 */
export async function searchReference(client: AuthClient, reference: Reference, text: string): Promise<ReferenceChoice[]> {
  const target = reference.to();
  const typed = text.trim();
  const search = async (column?: string) => {
    const page = await client.call<{ records?: Row[] }>('GET', `${target.basePath}/page`, {
      current: 1,
      size: REFERENCE_SEARCH_SIZE,
      ...(column ? { [column]: typed } : {}),
    });
    return page.records ?? [];
  };
  if (!typed) return (await search()).map((row) => referenceChoice(reference, row));
  const columns = [reference.label, ...(reference.hint && target.filters[reference.hint] === 'like' ? [reference.hint] : [])];
  const found = (await Promise.all(columns.map(search))).flat().map((row) => referenceChoice(reference, row));
  return found.filter((choice, index) => found.findIndex((other) => other.value === choice.value) === index);
}

/** The choice for a key already held (a form opened on a saved row); the key itself when the row is gone. */
export async function referenceChoiceFor(client: AuthClient, reference: Reference, key: string): Promise<ReferenceChoice> {
  const target = reference.to();
  try {
    const row = await client.call<Row | null>('GET', `${target.basePath}/detail`, { [target.naturalKey?.detailParam ?? 'id']: key });
    return row ? referenceChoice(reference, row) : { value: key, label: key };
  } catch {
    return { value: key, label: key };
  }
}
