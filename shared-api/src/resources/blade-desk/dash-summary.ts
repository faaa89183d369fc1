import { z } from 'zod';

/**
 * The landing page's cards: what an administrator acts on. Each card is answered only to a caller
 * who may open the screen it links to (and, for the lockout cards, may release what it counts).
 */
export const DASHBOARD_CARDS = [
  /** Access requests waiting for the caller's decision. */
  'approvals',
  /** Existing accounts of the caller's tenant locked for failed sign-ins (at one address or everywhere). */
  'lockedAccounts',
  /** Client addresses throttled for failed sign-ins across accounts (platform tenant only). */
  'throttledAddresses',
  /** Failed sign-ins of the caller's tenant since midnight. */
  'failedSignIns',
  /** Application opens of the caller's tenant over the last 7 days, today included. */
  'appOpens',
  /** Application role grants of the caller's tenant ending within the next 7 days. */
  'expiringGrants',
] as const;
export type DashboardCardKey = (typeof DASHBOARD_CARDS)[number];

/** How many days the opens series covers and how far ahead expiring grants are counted. */
export const DASHBOARD_DAYS = 7;

export const dashboardCard = z.object({
  key: z.enum(DASHBOARD_CARDS),
  count: z.number(),
  /** The screen to open: a menu path as the menu tree sends it, or a fixed route (`/work/approvals`). */
  path: z.string(),
  /** appOpens: one entry per day (yyyy-MM-dd, oldest first), every day present, 0 when none. */
  series: z.array(z.object({ day: z.string(), count: z.number() })).optional(),
  /** The first few of what is counted (locked accounts, throttled addresses), to recognise them by. */
  sample: z.array(z.string()).optional(),
});
export type DashboardCard = z.infer<typeof dashboardCard>;

/**
 * The caller's workflow tasks (我的事务): open tasks assigned to them (todo) and tasks they may claim,
 * with the screens that list them. Every signed-in user has their own, whatever their menus.
 */
export const dashboardTasks = z.object({
  todo: z.number(),
  claim: z.number(),
  todoPath: z.string(),
  claimPath: z.string(),
});
export type DashboardTasks = z.infer<typeof dashboardTasks>;

export const dashboardSummary = z.object({ cards: z.array(dashboardCard), tasks: dashboardTasks.optional() });
export type DashboardSummary = z.infer<typeof dashboardSummary>;
