import { z } from 'zod';
import { defineExtra, defineResource } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';
import { appAnalysisQuery, appAnalysisRow } from './app.js';

/**
 * The application analysis: the same figures as the catalogue's analyzePage, guarded by its own
 * menu code. Extras only, so it borrows the catalogue's code as its resource permission: the
 * analysis menu has no generic page to open.
 */
export const appAnalysis = defineResource({
  service: 'blade-aps',
  name: 'appanalysis',
  table: 'blade_app',
  // Extras only: each handler keeps to the caller's tenant itself; no generic route scopes rows.
  tenantScoped: false,
  permission: 'app',
  routes: 'none',
  entity: z.object({}),
  extras: {
    page: defineExtra({
      method: 'GET',
      path: 'page',
      summary: 'Per application, paged: opens per day over the last `days` (30), distinct users, last open',
      query: appAnalysisQuery,
      response: pageOfRows(appAnalysisRow),
      permission: 'appanalysis',
    }),
  },
  view: { title: ['应用分析', 'Application analysis'], columns: [], actions: { add: false, edit: false, remove: false, view: false } },
});
