import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import type { GenField, GenModel } from './model.js';
import { commentText, literal, underFolder } from './naming.js';

/**
 * The templates are files beside this module (`templates/sso`, `templates/saber`); the bundled
 * server (dist/main.js) finds them in the sources it was built from.
 */
function templateFolder(): string {
  const beside = fileURLToPath(new URL('./templates/', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../src/resources/code/templates/', import.meta.url));
}

let eta: Eta | undefined;
/** Output is never HTML-escaped: every value the templates write goes through the helpers below. */
const engine = () => (eta ??= new Eta({ views: templateFolder(), autoEscape: false, autoTrim: false, cache: true }));

/** A file of the zip: its path inside the zip and its text. */
export interface GeneratedFile {
  path: string;
  text: string;
}

/** What a form says when a field is missing or malformed. */
function askFor(field: GenField): { zh: string; en: string } {
  const choose = field.kind === 'dict' || field.kind === 'flag' || field.kind === 'date' || field.kind === 'datetime';
  return choose
    ? { zh: `请选择${field.label.zh}`, en: `Please choose the ${field.label.en.toLowerCase()}` }
    : { zh: `请输入${field.label.zh}`, en: `Please enter the ${field.label.en.toLowerCase()}` };
}

const helpers = {
  lit: literal,
  comment: commentText,
  ask: askFor,
  /** Data written into a script (Saber's avue option): JSON that cannot close the <script>. */
  json: (value: unknown) => JSON.stringify(value, null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\n/g, '\n        '),
  /** Text in a Markdown table or paragraph: no line breaks, pipes or backquotes to break out of it. */
  md: (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[|`<>]/g, (c) => `&#${c.charCodeAt(0)};`),
};

const render = (template: string, model: GenModel, extra: Record<string, unknown> = {}) =>
  engine().render(template, { ...model, ...extra, ...helpers });

/** This platform's resource: definition, server folder, migration, Kysely type, menu seed and the README fragment. */
export function ssoFiles(model: GenModel, sourceTable: string): GeneratedFile[] {
  const data = { sourceTable };
  const files: [string, string][] = [
    [`shared-api/src/resources/${model.service}/${model.name}.ts`, 'sso/definition.ts.eta'],
    [`packages/server/src/resources/${model.name}/index.ts`, 'sso/server-index.ts.eta'],
    [`packages/server/src/resources/${model.name}/rules.ts`, 'sso/rules.ts.eta'],
    [`packages/server/src/db/migrations/${model.migrationFile}.ts`, 'sso/migration.ts.eta'],
    [`packages/server/src/db/schema-${model.name}.ts`, 'sso/schema.ts.eta'],
    [`packages/server/src/db/seed-data/menus-${model.name}.ts`, 'sso/menu.ts.eta'],
    [`README-${model.name}.md`, 'sso/README.md.eta'],
  ];
  return files.map(([path, template]) => ({ path: underFolder(model.apiFolder, path), text: render(template, model, data) }));
}

/** The avue-crud option of Saber's page: one column per field, as Saber's generated pages build it. */
function avueOption(model: GenModel) {
  return {
    height: 'auto',
    calcHeight: 30,
    tip: false,
    searchShow: true,
    searchMenuSpan: 6,
    border: true,
    index: true,
    viewBtn: true,
    selection: true,
    dialogClickModal: false,
    column: model.fields.map((field) => ({
      label: field.label.zh,
      prop: field.prop,
      ...(field.search ? { search: true } : {}),
      ...(field.list ? {} : { hide: true }),
      ...(field.form ? {} : { display: false }),
      ...avueControl(field),
      ...(field.required ? { rules: [{ required: true, message: askFor(field).zh, trigger: 'blur' }] } : {}),
    })),
  };
}

function avueControl(field: GenField): Record<string, unknown> {
  if (field.dict)
    return {
      type: 'select',
      dicUrl: `/api/blade-system/dict/dictionary?code=${field.dict}`,
      props: { label: 'dictValue', value: 'dictKey' },
    };
  switch (field.control) {
    case 'textarea':
      return { type: 'textarea', span: 24 };
    case 'number':
      return { type: 'number' };
    case 'switch':
      return {
        type: 'switch',
        dicData: [
          { label: '否', value: 0 },
          { label: '是', value: 1 },
        ],
      };
    case 'date':
      return { type: 'date', format: 'yyyy-MM-dd', valueFormat: 'yyyy-MM-dd' };
    case 'datetime':
      return { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss', valueFormat: 'yyyy-MM-dd HH:mm:ss' };
    default:
      return {};
  }
}

/** Saber's page and its API module, under the front-end folder. */
export function saberFiles(model: GenModel): GeneratedFile[] {
  return [
    {
      path: underFolder(model.webFolder, `src/views/${model.module}/${model.name}.vue`),
      text: render('saber/view.vue.eta', model, { avueOption: avueOption(model) }),
    },
    { path: underFolder(model.webFolder, `src/api/${model.module}/${model.name}.js`), text: render('saber/api.js.eta', model) },
  ];
}
