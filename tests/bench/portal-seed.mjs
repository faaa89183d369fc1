// The portal bench's data set, written straight into a fresh PostgreSQL database with
// generate_series (minutes, not hours): departments in two levels, roles, users, applications
// granted by department, role and user, favourites, recently visited and the application login log.
// One staff member (account `staff`, password `admin`, no admin menu) is the caller measured.
import pg from 'pg';

export const sizes = {
  apps: Number(process.env.BENCH_PORTAL_APPS ?? 2_000),
  users: Number(process.env.BENCH_PORTAL_USERS ?? 100_000),
  logs: Number(process.env.BENCH_PORTAL_LOGS ?? 5_000_000),
};

const DEPTS = 50; // top departments (one per 40 applications); each has one sub-department
const ROLES = 20;
const DEPT = 7_100_000_000_000_000_000n; // id bases, far from the snowflake ids the server makes
const ROLE = 7_200_000_000_000_000_000n;
const APP = 7_300_000_000_000_000_000n;
const GRANT = 7_400_000_000_000_000_000n;
const USER = 7_500_000_000_000_000_000n;
const FAVORITE = 7_600_000_000_000_000_000n;
const RECENT = 7_700_000_000_000_000_000n;
const LOG = 7_800_000_000_000_000_000n;
export const STAFF_ID = `${USER}`;

const statements = ({ apps, users, logs }) => [
  // Departments 1..50 under the root, 51..100 one below each (a grant to a top one covers its child).
  `insert into blade_dept (id, parent_id, ancestors, dept_name, full_name, sort)
   select ${DEPT} + n, r.id, '0,' || r.id, '部门' || n, '部门' || n, n
   from generate_series(1, ${DEPTS}) n, (select id from blade_dept where parent_id = 0 and tenant_id = '000000' limit 1) r`,
  `insert into blade_dept (id, parent_id, ancestors, dept_name, full_name, sort)
   select ${DEPT} + ${DEPTS} + n, p.id, p.ancestors || ',' || p.id, '科室' || n, '科室' || n, n
   from generate_series(1, ${DEPTS}) n join blade_dept p on p.id = ${DEPT} + n`,
  `insert into blade_role (id, parent_id, role_name, role_alias, sort)
   select ${ROLE} + n, 0, '岗位' || n, 'post' || n, n from generate_series(1, ${ROLES}) n`,
  // Staff (id USER + 0) shares the admin's password hash (password admin), sits in the first
  // sub-department and holds the first role, which has no menu.
  `insert into blade_user (id, tenant_id, account, password, name, real_name, code, dept_id, role_id)
   select ${USER}, '000000', 'staff', password, '员工', '员工', 'S0', '${DEPT + BigInt(DEPTS) + 1n}', '${ROLE + 1n}'
   from blade_user where account = 'admin' and tenant_id = '000000'`,
  `insert into blade_user (id, tenant_id, account, password, name, real_name, code, dept_id, role_id)
   select ${USER} + n, '000000', 'bench' || n, 'not-a-password', '用户' || n, '员工' || (n % 1000), lpad(n::text, 8, '0'),
     (${DEPT} + ${DEPTS} + 1 + n % ${DEPTS})::text, (${ROLE} + 1 + n % ${ROLES})::text
   from generate_series(1, ${users}) n`,
  `insert into blade_app (id, app_code, app_name, app_type, app_category, app_url, protocol, sort, visibility,
     name_initials, name_pinyin)
   select ${APP} + n, 'app' || n, '应用' || n, (1 + n % 6)::text, (1 + n % 4)::text, 'https://app' || n || '.example.com/',
     'link', n, 1, 'yy' || n, 'yingyong' || n
   from generate_series(1, ${apps}) n`,
  // Every application granted to one top department and one role; 20,000 grants to single users.
  `insert into blade_app_user (id, app_id, dept_id) select ${GRANT} + n, ${APP} + n, ${DEPT} + 1 + n % ${DEPTS}
   from generate_series(1, ${apps}) n`,
  `insert into blade_app_user (id, app_id, role_id) select ${GRANT} + ${apps} + n, ${APP} + n, ${ROLE} + 1 + n % ${ROLES}
   from generate_series(1, ${apps}) n`,
  `insert into blade_app_user (id, app_id, user_id)
   select ${GRANT} + ${2 * apps} + n, ${APP} + 1 + n % ${apps}, ${USER} + (n * 37) % ${users} from generate_series(1, 20000) n`,
  `insert into blade_app_favorites (id, app_id, user_id)
   select ${FAVORITE} + n, ${APP} + 1 + (n * 13) % ${apps}, ${USER} + n from generate_series(1, ${users}) n`,
  `insert into blade_app_favorites (id, app_id, user_id)
   select ${FAVORITE} + ${users} + n, ${APP} + n * ${DEPTS}, ${USER} from generate_series(1, least(20, ${apps} / ${DEPTS})) n`,
  `insert into blade_app_recent (id, tenant_id, user_id, app_id, visit_time)
   select ${RECENT} + n, '000000', ${USER} + n / 2, ${APP} + 1 + (n * 17) % ${apps}, now() - n * interval '1 second'
   from generate_series(1, 2 * ${users}) n on conflict do nothing`,
  `insert into blade_app_recent (id, tenant_id, user_id, app_id, visit_time)
   select ${RECENT} + 3 * ${users} + n, '000000', ${USER}, ${APP} + n * ${DEPTS}, now() - n * interval '1 hour'
   from generate_series(1, least(30, ${apps} / ${DEPTS})) n on conflict do nothing`,
  // The login log over the last ~90 days, ids rising with time as the server's snowflake ids do;
  // one row in 2,000 is the staff member's.
  `insert into blade_app_login_log (id, tenant_id, create_time, update_time, app_id, app_code, app_name, app_type, user_id,
     account, name, login_time, login_ip, login_city)
   select ${LOG} + n, '000000', t, t, ${APP} + a, 'app' || a, '应用' || a, (1 + a % 6)::text,
     case when n % 2000 = 0 then ${USER} else ${USER} + u end,
     case when n % 2000 = 0 then 'staff' else 'bench' || u end, '员工', t, '10.0.0.1', '内网'
   from (select n, 1 + (n * 7919) % ${apps} as a, 1 + (n * 104729) % ${users} as u,
           now() - (${logs} - n) * (interval '90 days' / ${logs}) as t
         from generate_series(1::bigint, ${logs}) n) s`,
  'vacuum analyze blade_dept',
  'vacuum analyze blade_role',
  'vacuum analyze blade_user',
  'vacuum analyze blade_app',
  'vacuum analyze blade_app_user',
  'vacuum analyze blade_app_favorites',
  'vacuum analyze blade_app_recent',
  'vacuum analyze blade_app_login_log',
];

/**
 * Seeds the data set into `url` (the server has migrated it); answers the seconds it took. The
 * login log's secondary indexes (as the migrations made them) are dropped for the bulk insert and
 * made again after it: building an index once is far faster than growing it row by row.
 */
export async function seedPortal(url) {
  const began = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'blade_app_login_log' and indexname not like '%_pkey'`,
    );
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    for (const statement of statements(sizes)) await client.query(statement);
    for (const index of indexes) await client.query(index.indexdef);
    await client.query('vacuum analyze blade_app_login_log');
  } finally {
    await client.end();
  }
  return (Date.now() - began) / 1000;
}
