/**
 * Names the generator writes into code and paths. Every one is built from letters, digits, `_`
 * and `-` only, whatever the data source's table or the record says, so that no name can break
 * out of an identifier, a string, a SQL statement or a folder.
 */

/** A column or table name as this platform spells it: lower snake case that survives camelCase and back. */
export function snakeName(raw: string, fallback = 'field'): string {
  let name = raw
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    // Kysely's camelCase mapping puts no underscore before a digit: col_1 would come back as col1.
    .replace(/_(?=\d)/g, '');
  if (!name) name = fallback;
  if (/^\d/.test(name)) name = `${fallback}${name}`;
  return name.slice(0, 60);
}

/** camelCase of a snake name (`steel_coil` → `steelCoil`). */
export const camelName = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
/** PascalCase of a snake name. */
export const pascalName = (snake: string) => camelName(snake).replace(/^[a-z]/, (c) => c.toUpperCase());
/** kebab-case of a snake name, as resource names and folders are spelt. */
export const kebabName = (snake: string) => snake.replace(/_/g, '-');
/** "Steel grade" from `steel_grade`: the English label when none was given. */
export const humanName = (snake: string) => {
  const words = snake.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A path inside the zip from what a person typed (BladeX takes an absolute folder on the server:
 * `D:\\work\\blade-steel`, `/opt/../../etc`): its segments, with drive letters, `.`, `..` and any
 * character outside letters, digits, `.`, `_` and `-` dropped. Nothing can lead outside the zip.
 */
export function zipFolder(typed: string): string {
  return typed
    .split(/[\\/]+/)
    .map((segment) => segment.replace(/^[A-Za-z]:$/, '').replace(/[^A-Za-z0-9._-]+/g, ''))
    .filter((segment) => segment !== '' && !/^\.+$/.test(segment))
    .join('/');
}

/** A path joined under a folder of the zip (an empty folder is the zip's root). */
export const underFolder = (folder: string, path: string) => (folder ? `${folder}/${path}` : path);

/** Text inside a TypeScript or JavaScript string: a JSON literal that cannot close a <script> or a comment. */
export function literal(text: string): string {
  return JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text inside a block comment of generated code: one line, no `*\/`. */
export const commentText = (text: string) => text.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');
