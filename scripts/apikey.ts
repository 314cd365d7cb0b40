// Operator CLI for personal access keys (for scripts and benchmarks):
//   npm run -s apikey -- create --email <email> --scopes <A,B,...> [--name N] [--days D]
// Prints the new key alone on the last line of stdout. Uses DATABASE_URL or the PGlite folder
// (PGLITE_DIR); with PGlite, stop the server first (one process per data folder).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '../db/client';
import { users } from '../db/schema';
import { ALL_SCOPES, SCOPES } from '../lib/auth/scopes';
import { createKey } from '../lib/domain/account/create-key';
import { checkScopes } from '../lib/domain/account/rules';
import { isDomainError } from '../lib/domain/errors';

const USAGE = 'Usage: npm run -s apikey -- create --email <email> --scopes <A,B,...> [--name N] [--days D]';

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`${USAGE}\nScopes: ${SCOPES.join(', ')}`);
    return;
  }
  if (positionals[0] !== 'create' || positionals.length !== 1)
    throw new UsageError(`Unknown command "${positionals.join(' ')}".`);
  if (!values.email) throw new UsageError('--email is required.');
  if (!values.scopes) throw new UsageError('--scopes is required (comma-separated).');
  const scopes = checkScopes(
    values.scopes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const days = values.days === undefined ? 90 : Number(values.days);
  if (!Number.isInteger(days) || days < 1)
    throw new UsageError(`--days must be a whole number of at least 1 (got "${values.days}").`);

  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${values.email.trim()})`)
    .limit(1);
  if (!user) throw new UsageError(`No user with e-mail ${values.email}.`);
  // The operator acts for the user with a session's power, signed in just now; the verb's own
  // rules (known scopes, at most 5 years, name) still apply.
  const ctx = {
    db,
    now: () => new Date(),
    caller: {
      userId: user.id,
      userNumId: user.numId,
      email: user.email,
      displayName: user.displayName,
      scopes: ALL_SCOPES,
      via: 'session' as const,
      authAt: new Date(),
    },
  };
  const { id, key } = await createKey(ctx, {
    name: values.name ?? `cli ${new Date().toISOString().slice(0, 10)}`,
    scopes,
    days,
  });
  console.log(`Created key ${id} for ${user.email} (${scopes.join(', ')}), valid ${days} days. It is shown only now:`);
  console.log(key);
}

main(process.argv.slice(2))
  .then(() => closeDb())
  .catch(async (e: unknown) => {
    if (e instanceof UsageError || isDomainError(e) || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`apikey: ${(e as Error).message}`);
      if (e instanceof UsageError && !/No user/.test(e.message)) console.error(USAGE);
    } else {
      console.error('apikey: failed:', e);
    }
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });
