import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { SsoClient } from '@sso/shared-api';
import type { Command } from 'commander';
import { CliError, usageError } from './errors.js';
import { modeOf, type Output, renderRows } from './output.js';

type Row = Record<string, unknown>;
const TASK_LISTS = { todo: 'todoList', claim: 'claimList', done: 'doneList', send: 'sendList' } as const;
type TaskList = keyof typeof TASK_LISTS;
const TASK_COLUMNS = ['taskId', 'processInstanceId', 'processDefinitionName', 'taskName', 'startUser', 'createTime', 'endTime'];
const DEFINITION_COLUMNS = ['id', 'key', 'name', 'category', 'version', 'suspensionState', 'tenantId', 'deploymentTime'];
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--var key=value` pairs as process variables: numbers and true/false as such, the rest as text. */
function variablesOf(pairs: readonly string[]): Record<string, string | number | boolean> {
  const variables: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw usageError(`--var ${pair}: expected key=value`);
    const text = pair.slice(at + 1);
    variables[pair.slice(0, at)] =
      text === 'true' ? true : text === 'false' ? false : text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return variables;
}

/**
 * `sso task list|claim|complete`: the caller's workflow tasks for scripted approvals, on the same
 * calls as the console's 我的事务 (a task completes once even when a script retries it).
 */
export function addTaskCommands(program: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  const task = program.command('task').description('我的事务 (workflow tasks): list, claim and complete');
  task
    .command('list')
    .description('tasks of the caller: todo (assigned), claim (may claim), done (completed) or send (processes started)')
    .option('--kind <kind>', 'todo, claim, done or send', 'todo')
    .option('--size <n>', 'rows (10, 30, 50, 100, 200)', '30')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExamples:\n  sso task list\n  sso task list --kind claim --json\n')
    .action(async (options: { kind: string; size: string; json?: boolean }) => {
      if (!(options.kind in TASK_LISTS)) throw usageError(`--kind ${options.kind}: one of todo, claim, done, send`);
      const page = await client().flow.work[TASK_LISTS[options.kind as TaskList]]({ current: 1, size: Number(options.size) });
      output.out(renderRows(modeOf(output, { json: options.json || json() }), TASK_COLUMNS, page.records as unknown as Row[]));
    });
  task
    .command('claim <taskId>')
    .description('claim a task the caller is a candidate of; it becomes theirs')
    .action(async (taskId: string) => {
      const claimed = await client().flow.work.claimTask(undefined, { taskId });
      output.out(json() || !output.isTTY ? `${JSON.stringify(claimed, null, 2)}\n` : `${claimed.taskName} ${claimed.taskId}\n`);
    });
  task
    .command('complete <taskId>')
    .description('complete a task held by the caller: --approve or --reject, with a comment and variables')
    .option('--approve', 'approve (flag ok)')
    .option('--reject', 'reject (flag reject)')
    .option('--comment <text>', 'the comment kept in the history')
    .option('--var <key=value>', 'a process variable (repeatable)', collect)
    .addHelpText(
      'after',
      '\nExamples:\n  sso task complete 123 --approve --comment 同意\n  sso task complete 123 --reject --comment "dates overlap"\n',
    )
    .action(async (taskId: string, options: { approve?: boolean; reject?: boolean; comment?: string; var?: string[] }) => {
      if (options.approve === options.reject) throw usageError('give one of --approve or --reject');
      const done = await client().flow.work.completeTask({
        taskId,
        flag: options.approve ? 'ok' : 'reject',
        comment: options.comment,
        variables: variablesOf(options.var ?? []),
      });
      output.out(json() || !output.isTTY ? `${JSON.stringify(done, null, 2)}\n` : `${done.taskName} ${done.taskId}\n`);
    });
}

/** `sso flow list|deploy|suspend|activate`: process definitions as 部署管理 runs them. */
export function addFlowCommands(program: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  const flow = program.command('flow').description('流程部署 (process definitions): list, deploy, suspend, activate');
  flow
    .command('list')
    .description('process definitions, every version')
    .option('--key <key>', 'process key (like)')
    .option('--size <n>', 'rows (10, 30, 50, 100, 200)', '30')
    .option('--json', 'print JSON')
    .action(async (options: { key?: string; size: string; json?: boolean }) => {
      const page = await client().flow.manager.list({ current: 1, size: Number(options.size), key: options.key });
      output.out(renderRows(modeOf(output, { json: options.json || json() }), DEFINITION_COLUMNS, page.records as unknown as Row[]));
    });
  flow
    .command('deploy <files...>')
    .description('deploy .bpmn / .bpmn20.xml files: each process becomes the next version of its key (all or nothing)')
    .requiredOption('--category <code>', 'category (dictionary flow)')
    .option('--tenants <ids>', 'tenant ids, comma-separated (none: common to every tenant)')
    .addHelpText('after', '\nExample:\n  sso flow deploy leave.bpmn20.xml --category flow_1\n')
    .action(async (files: string[], options: { category: string; tenants?: string }) => {
      const parts = await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file).catch((error: NodeJS.ErrnoException) =>
            Promise.reject(new CliError(`${file}: ${error.message}`)),
          );
          return { filename: basename(file), mimetype: 'text/xml', data: new Uint8Array(data) };
        }),
      );
      const deployed = await client().flow.manager.deployUpload({
        category: options.category,
        tenantIds: options.tenants,
        files: parts,
      } as never);
      output.out(renderRows(modeOf(output, { json: json() }), DEFINITION_COLUMNS, deployed as unknown as Row[]));
    });
  for (const [verb, state] of [
    ['suspend', 'suspend'],
    ['activate', 'active'],
  ] as const) {
    flow
      .command(`${verb} <processDefinitionId>`)
      .description(verb === 'suspend' ? 'suspend a definition: it starts nothing until activated' : 'activate a suspended definition')
      .action(async (processId: string) => {
        const changed = await client().flow.manager.changeState(undefined, { processId, state });
        // Flowable's suspension states: 1 active, 2 suspended.
        output.out(`${changed.id} ${Number(changed.suspensionState) === 2 ? 'suspended' : 'active'}\n`);
      });
  }
}
