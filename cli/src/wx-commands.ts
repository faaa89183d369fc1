import type { SsoClient } from '@sso/shared-api';
import type { Command } from 'commander';
import { CliError, usageError } from './errors.js';
import { decodeUtf8, parseList, readSource } from './input-files.js';
import { modeOf, type Output, renderRows } from './output.js';

type Row = Record<string, unknown>;

const WX_APP_ID = /^wx[0-9a-fA-F]{16}$/;
const OPEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The wxapp row of `--app`: WeChat's AppID (wx…) or the row's id. */
async function appOf(sdk: SsoClient, app: string | undefined): Promise<Row> {
  if (!app) throw usageError('--app <appId>: 公众号的 AppID 或应用编号 (the official account: its AppID or row id)');
  if (WX_APP_ID.test(app)) {
    const page = await sdk.wechat.wxApp.page({ appId: app } as never);
    const row = (page.records as Row[]).find((r) => r.appId === app);
    if (!row) throw new CliError(`${app}: 没有该 AppID 的公众号 (no official account has this AppID)`);
    return row;
  }
  if (!/^[1-9]\d{0,18}$/.test(app))
    throw usageError(`--app ${app}: 应为 wx 开头的 AppID 或应用编号 (an AppID starting with wx, or a row id)`);
  return (await sdk.wechat.wxApp.detail(app)) as Row;
}

/** The menu tree as WeChat will show it: top-level menus and their sub-menus, with what each does. */
function drawTree(tree: Row[]): string {
  const what = (n: Row) =>
    n.type === 'click'
      ? `click ${n.menuKey}`
      : n.type === 'view'
        ? `view ${n.url}`
        : n.type === 'miniprogram'
          ? `miniprogram ${n.miniAppId} ${n.pagePath}`
          : '';
  const lines: string[] = [];
  for (const top of tree) {
    lines.push(`${top.name}${(top.children as Row[] | undefined)?.length ? '' : `  (${what(top)})`}`);
    const children = (top.children as Row[] | undefined) ?? [];
    for (const [i, child] of children.entries()) lines.push(`  ${i === children.length - 1 ? '└─' : '├─'} ${child.name}  (${what(child)})`);
  }
  return `${lines.join('\n')}\n`;
}

interface SendOptions {
  app?: string;
  template?: string;
  data?: string;
  text?: string;
  media?: string;
  users?: string;
  file?: string;
  tag?: string;
  all?: boolean;
  title?: string;
  url?: string;
  resume?: string;
  dryRun?: boolean;
  json?: boolean;
}

const SEND_EXAMPLES = `
Examples:
  sso wx send --app wx0123456789abcdef --template TPL_ARRIVAL --data '{"first":"您的订单已到货","keyword1":"热轧卷板"}' --users oABC,oDEF
  sso wx send --app wx0123456789abcdef --template TPL_NOTICE --data @data.json --file openids.txt --url https://example.com/n/1
  sso wx send --app wx0123456789abcdef --text '集团年度大会通知' --tag 100
  sso wx send --app wx0123456789abcdef --media MEDIA_ID --all
  sso wx send --resume 1790000000000000001

A template message (--template with --data) goes to chosen followers (--users, --file) or a tag
(--tag); a mass message (--text or --media) also to --all. The message is kept (消息发送) with each
recipient's outcome; each recipient is sent once: --resume <id> sends only those not yet sent.
`;

/** `sso wx menu sync` and `sso wx send`: WeChat official accounts from scripts, on the console's calls. */
export function addWxCommands(program: Command, client: () => SsoClient, output: Output, json: () => boolean): void {
  const wx = program.command('wx').description('微信公众号 (WeChat official accounts): publish menus, send messages');
  const menu = wx.command('menu').description('微信菜单 (the custom menu of an official account)');
  menu
    .command('sync')
    .description('publish the menu tree of an official account to WeChat (menu/create) and print its answer')
    .requiredOption('--app <appId>', 'the official account: its AppID (wx…) or row id')
    .option('--dry-run', 'print the tree as WeChat will show it, publish nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  sso wx menu sync --app wx0123456789abcdef\n  sso wx menu sync --app wx0123456789abcdef --dry-run\n',
    )
    .action(async (options: { app: string; dryRun?: boolean }) => {
      const sdk = client();
      const app = await appOf(sdk, options.app);
      const appId = String(app.id);
      if (options.dryRun) {
        const tree = (await sdk.wechat.wxMenu.menuTree({ appId })) as unknown as Row[];
        output.out(json() ? `${JSON.stringify(tree, null, 2)}\n` : drawTree(tree));
        return;
      }
      const answer = await sdk.wechat.wxMenu.synMenu({ appId });
      output.out(
        json()
          ? `${JSON.stringify(answer, null, 2)}\n`
          : `${app.name} (${app.appId}): ${answer.menus} 个菜单已发布 (menus published), errcode ${answer.errcode} ${answer.errmsg}\n`,
      );
    });

  wx.command('send')
    .description('send a template or mass message to followers, recording each recipient’s outcome')
    .option('--app <appId>', 'the official account: its AppID (wx…) or row id')
    .option('--template <id>', 'template message: the template id')
    .option('--data <json>', 'template data as a JSON object ({"first":"…"} or {"first":{"value":"…"}}); @file reads a file')
    .option('--text <content>', 'mass message: the text')
    .option('--media <mediaId>', 'mass message: the media_id of an uploaded news article')
    .option('--users <list>', 'recipients: OpenIDs, comma-separated')
    .option('-f, --file <path>', 'recipients: one OpenID a line; - reads standard input')
    .option('--tag <tagId>', 'recipients: the followers of a tag')
    .option('--all', 'recipients: every follower (mass messages only)')
    .option('--title <text>', 'the title the message is kept under (default: the template or the start of the text)')
    .option('--url <url>', 'template message: the page it opens')
    .option('--resume <messageId>', 'send the recipients of a kept message not yet sent')
    .option('--dry-run', 'check and count the recipients, keep and send nothing')
    .option('--json', 'print JSON')
    .addHelpText('after', SEND_EXAMPLES)
    .action(async (options: SendOptions) => {
      const sdk = client();
      const asJson = options.json || json();
      let id = options.resume;
      if (!id) {
        const message = await messageOf(sdk, options, output);
        if (options.dryRun) {
          const count = message.target === 'users' ? String(message.openIds).split(',').length : message.target;
          output.out(`wx send (dry run): ${message.msgKind} → ${count}\n`);
          return;
        }
        id = String(((await sdk.wechat.wxMessageSend.submit(message as never)) as Row).id);
      } else if (!/^[1-9]\d{0,18}$/.test(id)) throw usageError(`--resume ${id}: 应为消息编号 (a message id)`);
      const outcome = await sdk.wechat.wxMessageSend.send({ id });
      const failed = outcome.failed
        ? ((await sdk.wechat.wxMessageSend.recipients({ id, status: 3, size: 100 } as never)) as { records: Row[] }).records
        : [];
      if (asJson) output.out(`${JSON.stringify({ id, ...outcome, failures: failed }, null, 2)}\n`);
      else {
        if (failed.length) output.err(renderRows(modeOf(output, {}), ['openId', 'errcode', 'errmsg'], failed));
        output.out(
          `wx send ${id}: ${outcome.succeeded} 成功 (ok), ${outcome.failed} 失败 (failed)${outcome.waiting ? `, ${outcome.waiting} 待发送 (waiting: sso wx send --resume ${id})` : ''}\n`,
        );
      }
      if (outcome.failed || outcome.waiting) throw new CliError(`wx send ${id}: ${outcome.failed} failed, ${outcome.waiting} waiting`);
    });
}

/** The message `wx send` keeps: its kind, content and recipients from the options, checked before anything is kept. */
async function messageOf(sdk: SsoClient, options: SendOptions, output: Output): Promise<Row> {
  const app = await appOf(sdk, options.app);
  const template = options.template !== undefined;
  const mass = options.text !== undefined || options.media !== undefined;
  if (template === mass)
    throw usageError('--template (模板消息) 或 --text / --media (群发) 二选一 (give a template, or a text or media for a mass message)');
  const openIds = (options.users ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (options.file) openIds.push(...parseList(decodeUtf8(await readSource(options.file, output), options.file)).map((l) => l.value));
  const targets = [openIds.length > 0, options.tag !== undefined, Boolean(options.all)].filter(Boolean).length;
  if (targets !== 1)
    throw usageError('接收者：--users/--file、--tag 或 --all 三选一 (recipients: --users/--file, --tag or --all, one of them)');
  const bad = openIds.filter((v) => !OPEN_ID.test(v));
  if (bad.length) throw usageError(`OpenID 格式错误 (malformed OpenIDs): ${bad.slice(0, 5).join(', ')}`);
  let data = options.data ?? '{}';
  if (data.startsWith('@')) data = decodeUtf8(await readSource(data.slice(1), output), data.slice(1));
  const target = openIds.length ? 'users' : options.tag !== undefined ? 'tag' : 'all';
  const title = (options.title ?? options.template ?? options.text ?? options.media ?? '').slice(0, 64) || 'wx send';
  return {
    appId: String(app.id),
    title,
    msgKind: template ? 'template' : 'mass',
    ...(template ? { templateId: options.template, content: data, url: options.url } : {}),
    ...(mass
      ? options.media !== undefined
        ? { massType: 'mpnews', mediaId: options.media }
        : { massType: 'text', content: options.text }
      : {}),
    target,
    ...(target === 'users' ? { openIds: [...new Set(openIds)].join(',') } : {}),
    ...(target === 'tag' ? { tagId: Number(options.tag) } : {}),
  };
}
