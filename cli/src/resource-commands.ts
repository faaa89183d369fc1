import { allEntries, isEndpoints, type ListQuery, type RegistryEntry, type ResourceDef, resourceClient, titleOf } from '@sso/shared-api';
import type { Command } from 'commander';
import { confirmDestructive } from './confirm.js';
import { notFound, usageError } from './errors.js';
import { addExtraCommands } from './extra-commands.js';
import { defaultColumns } from './list-columns.js';
import { modeOf, type Output, renderRows } from './output.js';
import type { Env } from './profiles.js';
import { type GlobalOptions, signedInClient } from './session.js';

const PAGE_FLAGS = new Set(['page', 'size', 'all', 'json', 'csv', 'fields', 'help']);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
type Row = Record<string, unknown>;
interface ListOptions extends Record<string, unknown> {
  page?: string;
  size?: string;
  all?: boolean;
  json?: boolean;
  csv?: boolean;
  fields?: string;
}

/** The command name of a resource; one clashing with a built-in command is prefixed by its service. */
function commandName(def: RegistryEntry, taken: ReadonlySet<string>): string {
  return taken.has(def.name) ? `${def.service.replace(/^blade-/, '')}-${def.name}` : def.name;
}

/** The rows of a tree, each once, parents before their children, without the nesting. */
function flattenTree(nodes: Row[], into: Row[] = []): Row[] {
  for (const { children, ...row } of nodes) {
    into.push(row);
    if (Array.isArray(children)) flattenTree(children as Row[], into);
  }
  return into;
}

/** A page answer ({records, …}), or the whole tree a tree-shaped resource lists: every row, one page. */
function pageOf(def: ResourceDef, answer: unknown): { records: Row[]; pages: number } {
  if (def.shape === 'tree') return { records: flattenTree(answer as Row[]), pages: 1 };
  const page = answer as { records: Row[]; pages: number };
  return { records: page.records ?? [], pages: page.pages ?? 1 };
}

/** Values of a row from --data JSON and --set key=value pairs. */
function rowFrom(options: { data?: string; set?: string[] }): Row {
  let row: Row = {};
  if (options.data) {
    try {
      row = JSON.parse(options.data) as Row;
    } catch {
      throw usageError('--data: not valid JSON');
    }
  }
  for (const pair of options.set ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw usageError(`--set ${pair}: expected key=value`);
    row[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return row;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `sso <resource> list|get|create|update|delete` for one resource definition; returns the command
 * for extras. Everything comes from the definition handed in, registry listed or not.
 */
export function addResourceCommand(program: Command, def: ResourceDef, name: string, output: Output, env: Env): Command {
  const globals = () => program.opts<GlobalOptions>();
  const api = () => resourceClient(signedInClient(env, globals()), def);
  const title = `${def.view.title[0]} (${def.view.title[1]})`;
  const command = program.command(name).description(`${title}: ${def.basePath}`);
  const list = command
    .command('list')
    .description(`list ${def.view.title[1]}, filtered and paged`)
    .option('--page <n>', 'page number', '1')
    .option('--size <n>', 'rows per page (10, 30, 50, 100, 200)', '30')
    .option('--all', 'stream every page')
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV')
    .option('--fields <list>', `columns, comma-separated (default ${defaultColumns(def).join(',')})`);
  const filters = Object.keys(def.filters).filter((f) => !PAGE_FLAGS.has(f));
  for (const filter of filters) list.option(`--${kebab(filter)} <value>`, `filter (${def.filters[filter]})`);
  list.addHelpText('after', `\nExamples:\n  sso ${name} list --size 100\n  sso ${name} list --all --csv > ${name}.csv\n`);
  list.action(async (options: ListOptions) => {
    const mode = modeOf(output, { json: options.json || globals().json, csv: options.csv });
    const fields = options.fields ? options.fields.split(',') : defaultColumns(def);
    const query: ListQuery = Object.fromEntries(filters.map((f) => [f, options[f] as string | undefined]));
    const size = options.all ? 200 : Number(options.size);
    const client = api();
    const all: Row[] = [];
    for (let current = Number(options.page); ; current++) {
      const page = pageOf(def, await client.list({ ...query, current, size }));
      const rows = options.fields ? page.records.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]]))) : page.records;
      if (mode === 'json' || mode === 'table') all.push(...rows);
      else output.out(renderRows(mode, fields, rows, current === Number(options.page)));
      if (!options.all || current >= page.pages || page.records.length === 0) break;
    }
    if (mode === 'json' || mode === 'table') output.out(renderRows(mode, fields, all));
  });

  command
    .command('get <id>')
    .description(`one ${def.view.title[1]} row by ${def.naturalKey?.detailParam ?? 'id'}`)
    .action(async (id: string) => {
      const row = (await api().detail(id)) as Row | null;
      // The server answers a missing row with null data: to a script that is a failure, as in gh and kubectl.
      if (row === null || row === undefined) throw notFound(name, id, globals().lang);
      if (globals().json || !output.isTTY) return output.out(`${JSON.stringify(row, null, 2)}\n`);
      output.out(
        renderRows(
          'table',
          ['field', 'value'],
          Object.entries(row).map(([field, value]) => ({ field, value })),
        ),
      );
    });

  const write = (verb: 'create' | 'update') =>
    command
      .command(verb === 'create' ? 'create' : 'update <id>')
      .description(`${verb} a row through ${def.basePath}/submit`)
      .option('--data <json>', 'the fields as JSON')
      .option('--set <key=value>', 'one field (repeatable)', collect)
      .addHelpText('after', `\nExample:\n  sso ${name} ${verb === 'create' ? 'create' : 'update 123'} --set key=value --data '{"k":"v"}'\n`)
      .action(async (...args: unknown[]) => {
        const options = args[verb === 'create' ? 0 : 1] as { data?: string; set?: string[] };
        const row = rowFrom(options);
        if (verb === 'update') row[def.keyField] = args[0];
        const saved = (await api().submit(row as never)) as Row;
        output.out(globals().json || !output.isTTY ? `${JSON.stringify(saved, null, 2)}\n` : `${saved.id ?? ''}\n`);
      });
  write('create');
  write('update');

  command
    .command('delete <ids...>')
    .description('remove rows (asks first; --yes when not on a terminal)')
    .option('-y, --yes', 'do not ask')
    .action(async (ids: string[], options: { yes?: boolean }) => {
      await confirmDestructive(output, options.yes, `删除 ${ids.length} 条 ${def.view.title[0]} (delete ${ids.length})?`);
      await api().remove(ids);
      output.err(`已删除 ${ids.length} (deleted)\n`);
    });
  return command;
}

/** An endpoint group (my work, process history) is a command of its calls only, added with the extras. */
function addEndpointsCommand(program: Command, def: RegistryEntry, name: string): Command {
  const title = titleOf(def);
  return program.command(name).description(`${title[0]} (${title[1]}): ${def.basePath}`);
}

/** Every registry resource and endpoint group as a command, named in the registry's order. */
export function addResourceCommands(program: Command, output: Output, env: Env): Map<string, Command> {
  const taken = new Set(program.commands.map((c) => c.name()));
  const commands = new Map<string, Command>();
  for (const def of allEntries) {
    const name = commandName(def, taken);
    if (taken.has(name)) continue;
    taken.add(name);
    const command = isEndpoints(def) ? addEndpointsCommand(program, def, name) : addResourceCommand(program, def, name, output, env);
    commands.set(def.basePath, command);
  }
  return commands;
}

/**
 * Every extra of every registry resource as a command under its resource (`sso work todo-list`),
 * after the commands written by hand, which keep their names (`sso user unlock` with its bulk input).
 */
export function addResourceExtras(program: Command, commands: ReadonlyMap<string, Command>, output: Output, env: Env): void {
  const globals = () => program.opts<GlobalOptions>();
  for (const def of allEntries) {
    const command = commands.get(def.basePath);
    if (!command) continue;
    addExtraCommands(
      command,
      def,
      (extra, query, body) =>
        signedInClient(env, globals()).call(extra.method, `${def.basePath}/${extra.path}`, query as ListQuery | undefined, body),
      output,
      () => globals().json === true,
    );
  }
}
