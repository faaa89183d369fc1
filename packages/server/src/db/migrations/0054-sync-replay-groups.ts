import { type Kysely, sql } from 'kysely';

/**
 * Directory sync: replayed callbacks, LDAP groups and the groups a person is in.
 *
 * - `blade_sync_callback_seen`: the signed change callbacks seen lately, by source, nonce and
 *   timestamp. Every node writes here, so a callback replayed to any node of the cluster is
 *   refused while its timestamp could still pass as fresh; older rows are pruned.
 * - `blade_sync_rule.group_dn`: a rule may name an LDAP group (its DN, compared the way
 *   directories compare DNs) instead of or beside a department and a post: the people of the
 *   group, directly or through nested groups, get the rule's roles.
 * - `blade_sync_link.groups`: the groups (normalised DNs, one a line) a synced person is in,
 *   nested groups resolved, as the last apply read them; the birthright rules read it.
 */
const statements = [
  `create table blade_sync_callback_seen (source_id bigint not null, nonce varchar(128) not null, timestamp varchar(16) not null,
    seen_at timestamptz not null default now(), primary key (source_id, nonce, timestamp))`,
  'create index blade_sync_callback_seen_at on blade_sync_callback_seen (seen_at)',
  'alter table blade_sync_rule add column group_dn varchar(1000)',
  'alter table blade_sync_link add column groups text',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
