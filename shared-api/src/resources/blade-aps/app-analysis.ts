import { defineEndpoints, defineExtra } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';
import { appAnalysisQuery, appAnalysisRow } from './app.js';

/**
 * The application analysis: the same figures as the catalogue's analyzePage, guarded by its own
 * menu code. Extras only, so it borrows the catalogue's code as its resource permission: the
 * analysis menu has no generic page to open.
 */
export const appAnalysis = defineEndpoints({
  service: 'blade-aps',
  name: 'appanalysis',
  permission: 'app',
  rowsOf: 'blade_app',
  endpoints: {
    page: defineExtra({
      method: 'GET',
      path: 'page',
      summary: 'Per application, paged: opens per day over the last `days` (30), distinct users, last open',
      query: appAnalysisQuery,
      response: pageOfRows(appAnalysisRow),
      permission: 'appanalysis',
    }),
  },
  title: ['应用分析', 'Application analysis'],
});
