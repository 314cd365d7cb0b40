import type { Db } from './client';

/**
 * A statement built once per database handle (drizzle `.prepare(name)`): `perDb(build)` gives a
 * function that returns it, building it on first use. Building a drizzle query costs more than
 * running it, so hot reads never build per request.
 */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let q = built.get(db);
    if (q === undefined) built.set(db, (q = build(db)));
    return q;
  };
}
