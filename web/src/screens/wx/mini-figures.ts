/**
 * The mini program analysis's figures as WeChat answers them (datacube getweanalysisappid…), read
 * loosely: WeChat adds fields, and a day without data answers empty lists.
 */
type KeyValue = { key: number; value: number };
type Named = { id?: number; name?: string; value: number };

export interface VisitDay {
  ref_date: string;
  session_cnt?: number;
  visit_pv?: number;
  visit_uv?: number;
  visit_uv_new?: number;
  stay_time_uv?: number;
}
export interface Retain {
  ref_date: string;
  visit_uv_new: KeyValue[];
  visit_uv: KeyValue[];
}
export interface SummaryDay {
  ref_date: string;
  visit_total?: number;
  share_pv?: number;
  share_uv?: number;
}
export interface Distribution {
  ref_date: string;
  list: { index: string; item_list?: KeyValue[] }[];
}
export interface PortraitPart {
  province?: Named[];
  genders?: Named[];
  platforms?: Named[];
  ages?: Named[];
}
export interface Portrait {
  ref_date: string;
  visit_uv_new?: PortraitPart;
  visit_uv?: PortraitPart;
}
export interface VisitPage {
  page_path: string;
  page_visit_pv?: number;
  page_visit_uv?: number;
  page_staytime_pv?: number;
  entrypage_pv?: number;
  exitpage_pv?: number;
  page_share_pv?: number;
}

export interface MiniFigures {
  visits: VisitDay[];
  retain: Retain[];
  lastWeek?: Retain;
  lastMonth?: Retain;
  summary: SummaryDay[];
  distribution?: Distribution;
  portrait?: Portrait;
  pages: VisitPage[];
}

/** WeChat's day (20170306, or a range 20170306-20170312) as yyyy-MM-dd. */
export const showDay = (day: string) => day.replace(/(\d{4})(\d{2})(\d{2})/g, '$1-$2-$3');
