import {
  DASHBOARD_DAYS,
  type DashboardCard,
  type DashboardCardKey,
  type DashboardSummary,
  DEFAULT_TENANT_ID,
  registry,
} from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { openTaskCounts } from '../../flow/work-lists.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import {
  approvalsWaiting,
  failedSignInsToday,
  grantsExpiringWithin,
  lockedAccounts,
  opensPerDay,
  throttledAddresses,
} from './landing-counts.js';

/** The approval inbox: a fixed route of every signed-in user (approvers need no menu to decide). */
const APPROVAL_INBOX = '/work/approvals';

type Figures = Pick<DashboardCard, 'count' | 'series' | 'sample'>;

/**
 * A card of the landing page: the screen it links to (a menu code, whose path the menu table
 * holds) and what else the caller must hold to see it. A caller sees a card only when they may
 * open that screen and hold every code it `needs`; `platform` cards are for the platform tenant.
 */
interface CardRule {
  key: Exclude<DashboardCardKey, 'approvals'>;
  screen: string;
  needs?: readonly string[];
  platform?: boolean;
  figures(ctx: AppContext, caller: Caller): Promise<Figures>;
}

const UNLOCK = registry.user.user.extras.unlock.permission;

const rules: readonly CardRule[] = [
  // Locks are released where accounts are unlocked: the users screen, by holders of its unlock button.
  {
    key: 'lockedAccounts',
    screen: registry.user.user.permission,
    needs: [UNLOCK],
    figures: (ctx, caller) => lockedAccounts(ctx, caller.tenant_id),
  },
  // Addresses are shared by every tenant: releasing one is the platform's unlock power (as the
  // address routes are guarded); the sign-in log shows what each address tried.
  {
    key: 'throttledAddresses',
    screen: registry.log.login.permission,
    needs: [UNLOCK],
    platform: true,
    figures: (ctx) => throttledAddresses(ctx),
  },
  {
    key: 'failedSignIns',
    screen: registry.log.login.permission,
    figures: async (ctx, caller) => ({ count: await failedSignInsToday(ctx.db, caller.tenant_id) }),
  },
  {
    key: 'appOpens',
    screen: registry.aps.appLoginLog.permission,
    figures: async (ctx, caller) => {
      const series = await opensPerDay(ctx.db, caller.tenant_id, DASHBOARD_DAYS);
      return { count: series.reduce((sum, day) => sum + day.count, 0), series };
    },
  },
  {
    key: 'expiringGrants',
    screen: registry.aps.userAuthorizedRole.permission,
    figures: async (ctx, caller) => ({ count: await grantsExpiringWithin(ctx.db, caller.tenant_id, DASHBOARD_DAYS) }),
  },
];

/** Paths of the screens (category 1 menus) by code; a code without a live menu has no screen to link to. */
async function screenPaths(ctx: AppContext, codes: readonly string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await ctx.db
    .selectFrom('blade_menu')
    .select(['code', 'path'])
    .where('code', 'in', [...codes])
    .where('category', '=', 1)
    .$call(live())
    .execute();
  return new Map(rows.filter((r) => r.path).map((r) => [r.code, r.path as string]));
}

/**
 * The approvals card: the caller's own to-do, so it needs no menu when something waits for them;
 * holders of the access-request screen see it even when nothing does.
 */
async function approvalsCard(ctx: AppContext, caller: Caller): Promise<DashboardCard | undefined> {
  const count = await approvalsWaiting(ctx.db, caller);
  if (count === 0 && !(await ctx.permissions.allows(caller, registry.workflow.appWorkflowMatter.permission))) return undefined;
  return { key: 'approvals', count, path: APPROVAL_INBOX };
}

/** The cards the caller may see, in the order of the page, each with its figures and its screen. */
export async function landingCards(ctx: AppContext, caller: Caller): Promise<DashboardSummary> {
  const allowed: CardRule[] = [];
  for (const rule of rules) {
    if (rule.platform && caller.tenant_id !== DEFAULT_TENANT_ID) continue;
    let holds = true;
    for (const code of [rule.screen, ...(rule.needs ?? [])]) holds &&= await ctx.permissions.allows(caller, code);
    if (holds) allowed.push(rule);
  }
  const paths = await screenPaths(ctx, [...new Set(allowed.map((rule) => rule.screen))]);
  const linked = allowed.filter((rule) => paths.has(rule.screen));
  const [approvals, tasks, ...figures] = await Promise.all([
    approvalsCard(ctx, caller),
    openTaskCounts(ctx, caller),
    ...linked.map((rule) => rule.figures(ctx, caller)),
  ]);
  const cards: DashboardCard[] = linked.map((rule, i) => ({ key: rule.key, path: paths.get(rule.screen) as string, ...figures[i] }));
  return { cards: approvals ? [approvals, ...cards] : cards, tasks: { ...tasks, todoPath: '/work/todo', claimPath: '/work/claim' } };
}
