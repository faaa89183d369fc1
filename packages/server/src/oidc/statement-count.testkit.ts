import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * `db` with the statements sent through it counted: those `counts` accepts (every one unless
 * told). The provider's writes are grouped by the handle they are sent on, so a counted handle is
 * a group of its own.
 */
export function countingStatements(db: Db, counts: (text: string) => boolean = () => true): { db: Db; readonly statements: number } {
  let statements = 0;
  const counted = new Proxy(db, {
    get: (target, name) =>
      name === 'executeQuery'
        ? (query: CompiledQuery) => {
            if (counts(query.sql)) statements++;
            return target.executeQuery(query);
          }
        : Reflect.get(target, name),
  });
  return {
    db: counted,
    get statements() {
      return statements;
    },
  };
}
