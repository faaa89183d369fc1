import { defineEndpoints, defineExtra } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';
import { appAnalysisQuery, appAnalysisRow } from './app.js';

/** The application analysis: the same figures as the catalogue's analyzePage, under its own menu. */
export const appAnalysis = defineEndpoints({
  service: 'blade-aps',
  name: 'appanalysis',
  permission: 'appanalysis',
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
