import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Statements with more parameters than this (long id lists, bulk inserts) stay unnamed. Statement
 * texts are fixed by the code (drizzle never inlines values) except for the length of `IN (...)`
 * lists, so capping the parameters keeps the statement caches bounded.
 */
const MAX_PARAMS = 32;

/**
 * drizzle asks postgres.js for a named (server-side prepared) statement only for queries built with
 * `.prepare(name)`. Every other query is sent unnamed, and postgres.js then needs two round trips
 * (Parse+Describe, wait, Bind+Execute) and Postgres parses and plans it every time. Asking for a
 * named statement instead makes the repeat of a query one round trip with a cached plan.
 */
export function namePlainQueries(client: import('postgres').Sql): void {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, params?: unknown[], options?: { prepare?: boolean }) =>
    unsafe(
      query,
      params as never,
      params && params.length > 0 && params.length <= MAX_PARAMS ? { ...options, prepare: true } : options,
    )) as typeof client.unsafe;
  // A transaction (and a savepoint in it) runs on an `sql` of its own: name its queries too. The
  // statements a transaction sends (an unlock's slot, operation and outcome) were parsed and planned
  // on every call, while the connection they run on keeps the named ones anyway.
  for (const verb of ['begin', 'savepoint'] as const) {
    const open = (client as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>)[verb];
    if (!open) continue;
    (client as unknown as Record<string, unknown>)[verb] = (...args: unknown[]) => {
      const fn = args.pop() as (tx: import('postgres').Sql) => unknown;
      return open.call(client, ...args, (tx: import('postgres').Sql) => {
        namePlainQueries(tx);
        return fn(tx);
      });
    };
  }
}

/**
 * PGlite parses and plans every query again: `query()` sends an unnamed statement each time.
 * For the app's statements planning is most of the work (lock by id: 0.9 ms of 1.6 ms). This
 * makes PGlite's `query()` keep a named statement per query text with parameters, the way
 * postgres.js does for Postgres (`namePlainQueries`), using PGlite's own protocol and result parsers
 * under its own locks. Beyond `maxStatements` the least recently used one is closed. Queries in a
 * transaction (PGlite's `transaction()`) are named too; queries without parameters keep PGlite's path.
 */
export function prepareRepeatedQueries(pg: PGlite, maxStatements = 500): void {
  const statements = new Map<string, { name: string; types: number[] }>();
  let serial = 0;
  const plain = pg.query.bind(pg) as PGlite['query'];
  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function named<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages = [];
    let st = statements.get(text);
    try {
      if (!st) {
        const name = `pgl_${serial++}`;
        messages.push(...(await run(protocol.serialize.parse({ name, text, types: options?.paramTypes }))));
        const types = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name })));
        st = { name, types };
        statements.set(text, st);
        if (statements.size > maxStatements) {
          const [oldText, old] = statements.entries().next().value!;
          statements.delete(oldText);
          messages.push(...(await run(protocol.serialize.close({ type: 'S', name: old.name }))));
        }
      } else {
        // most recently used last, so the oldest is the least used
        statements.delete(text);
        statements.set(text, st);
      }
      const types = st.types;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serialize = options?.serializers?.[types[i]] ?? pg.serializers[types[i]];
        return serialize ? serialize(v) : String(v);
      });
      messages.push(...(await run(protocol.serialize.bind({ statement: st.name, values }))));
      messages.push(...(await run(protocol.serialize.describe({ type: 'P' }))));
      messages.push(...(await run(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await run(protocol.serialize.sync())));
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
  }

  const keep = (params: unknown[] | undefined, options: QueryOptions | undefined): params is unknown[] =>
    !!params?.length && params.length <= MAX_PARAMS && !options?.blob;

  pg.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!keep(params, options)) return plain<T>(text, params, options);
    await pg._checkReady();
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => named<T>(text, params, options)));
  }) as PGlite['query'];

  // In a transaction (which holds the transaction lock) its queries take only the query lock, as
  // PGlite's own transaction object does; everything else of that object stays PGlite's.
  const transaction = pg.transaction.bind(pg);
  pg.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const query = async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        if (!keep(params, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return pg._runExclusiveQuery(() => named<R>(text, params, options));
      };
      return fn(Object.create(tx, { query: { value: query } }) as Transaction);
    })) as PGlite['transaction'];
}
