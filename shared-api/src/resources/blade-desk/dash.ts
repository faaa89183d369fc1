import { z } from 'zod';
import { pageQuery } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { dashboardSummary } from './dash-summary.js';

/** An OAuth client (the platform's applications) missing data an operator should fill in. */
export const appMissRow = z.object({
  id: z.string(),
  clientId: z.string(),
  /** What is missing: `redirectUri` (web_server_redirect_uri), `description` (additional_information). */
  missing: z.array(z.enum(['redirectUri', 'description'])),
  createTime: z.string().nullable(),
});
export const userTypeCount = z.object({ userType: z.number(), label: z.string(), count: z.number() });

/** The workbench's dashboard calls (BladeX blade-desk/dash): extras only, no table of its own. */
export const dash = defineEndpoints({
  service: 'blade-desk',
  name: 'dash',
  permission: 'client',
  rowsOf: 'blade_client',
  platformOnly: true,
  endpoints: {
    selectAppMissPage: defineExtra({
      method: 'GET',
      path: 'selectAppMissPage',
      summary: 'Applications (OAuth clients) missing a redirect URI or a description, paged',
      query: pageQuery,
      response: z.object({
        records: z.array(appMissRow),
        total: z.number(),
        size: z.number(),
        current: z.number(),
        pages: z.number(),
      }),
      permission: 'client',
    }),
    findUserByType: defineExtra({
      method: 'GET',
      path: 'findUserByType',
      summary: "Users of the caller's tenant counted by user type (dict user_type)",
      response: z.array(userTypeCount),
      permission: null,
    }),
    summary: defineExtra({
      method: 'GET',
      path: 'summary',
      summary:
        "The landing page's cards the caller may see: waiting approvals, locked accounts, throttled addresses, failed sign-ins today, application opens per day over 7 days, grants expiring within 7 days; each with its count and the screen it links to; and the caller's open workflow tasks (todo and to claim)",
      response: dashboardSummary,
      // Any signed-in user: each card is checked against the caller's menus and tenant.
      permission: null,
    }),
  },
  title: ['工作台', 'Dashboard'],
});
