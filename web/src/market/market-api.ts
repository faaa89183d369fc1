import { client } from '../api/client.js';

/** The market's calls: only reviewed and shelved entries of the caller's tenant (the server decides). */
const market = () => client.ledger.client;

export const marketApi = {
  entries: (query: { searchValue?: string; current?: number; size?: number }) => market().getListByRecommend(query),
  detail: (id: string) => market().getAppParameterDetail({ id }),
  comments: (appParameterId: string, current: number, size: number) => market().getCommentList({ appParameterId, current, size }),
  comment: (appParameterId: string, content: string) => market().saveComment({ appParameterId, content }),
  viewed: (appParameterId: string) => market().saveAppParameterLog({ appParameterId }),
  like: (appParameterId: string) => market().saveLike({ appParameterId }),
  networks: (query: { searchValue?: string; current?: number; size?: number }) => market().getNetworkPage(query),
  network: (id: string) => market().getNetworkDetail({ id }),
};
