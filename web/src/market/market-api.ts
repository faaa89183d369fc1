import type { MarketCommentRow, MarketEntryDetail, MarketEntryRow, MarketNetworkRow, Page } from '@sso/shared-api';
import { client } from '../api/client.js';

/** The market's calls: only reviewed and shelved entries of the caller's tenant (the server decides). */
const base = '/api/blade-ledger/client/appparameter';

export const marketApi = {
  entries: (query: { searchValue?: string; current?: number; size?: number }) =>
    client.call<Page<MarketEntryRow>>('GET', `${base}/getListByRecommend`, query),
  detail: (id: string) => client.call<MarketEntryDetail>('GET', `${base}/getAppParameterDetail`, { id }),
  comments: (appParameterId: string, current: number, size: number) =>
    client.call<Page<MarketCommentRow>>('GET', `${base}/getCommentList`, { appParameterId, current, size }),
  comment: (appParameterId: string, content: string) =>
    client.call<MarketCommentRow>('POST', `${base}/saveComment`, undefined, { appParameterId, content }),
  viewed: (appParameterId: string) =>
    client.call<{ viewCount: number }>('POST', `${base}/saveAppParameterLog`, undefined, { appParameterId }),
  like: (appParameterId: string) =>
    client.call<{ liked: boolean; likeCount: number }>('POST', `${base}/saveLike`, undefined, { appParameterId }),
  networks: (query: { searchValue?: string; current?: number; size?: number }) =>
    client.call<Page<MarketNetworkRow>>('GET', `${base}/getNetworkPage`, query),
  network: (id: string) => client.call<MarketNetworkRow & { appName: string }>('GET', `${base}/getNetworkDetail`, { id }),
};
