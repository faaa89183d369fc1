import { postgresTarget } from '../datasource/extras.js';

/** Where a data source's database is: its kind, host, port and database (schema for PostgreSQL). */
export interface DatabaseTarget {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
}

/** MySQL and MariaDB URLs, JDBC style or not (`jdbc:mysql://host:3306/db?…`, `mariadb://…`). */
function mysqlTarget(url: string): DatabaseTarget | undefined {
  const bare = url.trim().replace(/^jdbc:/i, '');
  const scheme = /^(mysql|mariadb):\/\//i.exec(bare);
  if (!scheme) return undefined;
  const parsed = new URL(`mysql://${bare.slice(scheme[0].length)}`);
  return {
    kind: 'mysql',
    host: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: parsed.port ? Number(parsed.port) : 3306,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

/** The database a data source URL names, or undefined for kinds the generator cannot read. */
export function databaseTarget(url: string): DatabaseTarget | undefined {
  try {
    const postgres = postgresTarget(url);
    return postgres ? { kind: 'postgres', ...postgres } : mysqlTarget(url);
  } catch {
    return undefined;
  }
}
