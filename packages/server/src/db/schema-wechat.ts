import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the WeChat tables (migration 41). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface WechatTables {
  blade_wx_app: CommonColumns & {
    name: string;
    appType: number;
    appId: string;
    appSecret: Opt<string>;
    token: Opt<string>;
    aesKey: Opt<string>;
    remark: Opt<string>;
  };
  blade_wx_menu: CommonColumns & {
    appId: Id;
    parentId: Defaulted<Id>;
    name: string;
    type: Opt<string>;
    menuKey: Opt<string>;
    url: Opt<string>;
    miniAppId: Opt<string>;
    pagePath: Opt<string>;
    sort: Defaulted<number>;
  };
  blade_wx_user: CommonColumns & {
    appId: Id;
    openId: string;
    unionId: Opt<string>;
    nickname: Opt<string>;
    subscribe: Defaulted<number>;
    subscribeTime: NullableTimestamp;
    unsubscribeTime: NullableTimestamp;
    subscribeScene: Opt<string>;
    language: Opt<string>;
    remark: Opt<string>;
    tagIds: Opt<string>;
    syncedAt: NullableTimestamp;
  };
  blade_wx_message_send: CommonColumns & {
    appId: Id;
    title: string;
    msgKind: string;
    templateId: Opt<string>;
    content: Opt<string>;
    massType: Opt<string>;
    mediaId: Opt<string>;
    url: Opt<string>;
    miniAppId: Opt<string>;
    pagePath: Opt<string>;
    target: string;
    openIds: Opt<string>;
    tagId: Opt<Id>;
    sendStatus: Defaulted<number>;
    total: Defaulted<number>;
    succeeded: Defaulted<number>;
    failed: Defaulted<number>;
    sentTime: NullableTimestamp;
  };
  blade_wx_message_recipient: {
    id: Id;
    tenantId: string;
    sendId: Id;
    openId: string;
    batch: Defaulted<number>;
    status: Defaulted<number>;
    msgId: Opt<string>;
    errcode: Defaulted<number>;
    errmsg: Opt<string>;
    attempts: Defaulted<number>;
    leaseUntil: NullableTimestamp;
    sentTime: NullableTimestamp;
    createTime: Timestamp;
  };
  blade_wx_token: {
    appId: Id;
    accessToken: Opt<string>;
    expiresAt: NullableTimestamp;
    leaseOwner: Opt<string>;
    leaseUntil: NullableTimestamp;
    updatedAt: Timestamp;
  };
  blade_wx_inbound: {
    id: Id;
    tenantId: string;
    appId: Id;
    onceKey: string;
    fromUser: string;
    msgType: string;
    event: Opt<string>;
    eventKey: Opt<string>;
    content: Opt<string>;
    createTime: Timestamp;
  };
  blade_wx_mini_stat: { appId: Id; api: string; beginDate: string; endDate: string; data: string; fetchedAt: Timestamp };
}
