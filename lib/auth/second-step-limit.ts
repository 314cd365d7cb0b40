import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { signInFailures, users } from '@/db/schema';
import {
  SECOND_STEP_FORGET_MS,
  SECOND_STEP_FREE,
  SECOND_STEP_LOCK_AFTER,
  SECOND_STEP_LOCK_MS,
  secondStepDue,
} from '@/lib/shared/policy';
import { enqueueMail, renderMail } from '@/lib/mail';
import { TooManyAttempts } from './throttle';

/**
 * Wrong second-factor codes counted per account (lib/shared/policy secondStepDue), in the shared
 * sign_in_failures table under `second:<user id>`: every server process, every address and every
 * pending sign-in of the account count together, and the password step never clears it.
 */
const keyOf = (userId: string) => `second:${userId}`;

export class SecondStepLocked extends TooManyAttempts {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Too many wrong codes for this account: its second step is locked. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`;
  }
}

/**
 * Counts the coming code as wrong, before it is checked, unless the account must wait: then
 * nothing is counted and TooManyAttempts (SecondStepLocked from the 10th) says how long. The 10th
 * wrong code mails the person. A right code then clears the count (`secondStepPassed`). One
 * conditional upsert: codes sent at once are counted one after the other.
 */
export async function countSecondStep(db: Db, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const key = keyOf(userId);
  // the wait in SQL is secondStepDue's, over the row as it is
  const due = sql`case when t.failures >= ${SECOND_STEP_LOCK_AFTER} then t.last_at + ${SECOND_STEP_LOCK_MS} * interval '1 millisecond'
    when t.failures >= ${SECOND_STEP_FREE} then t.last_at + power(2, t.failures - ${SECOND_STEP_FREE}) * interval '1 second'
    else '-infinity'::timestamptz end`;
  const [row] = rowsOf<{ failures: number; counted: boolean; last_at: string | Date }>(
    await db.execute(sql`
      insert into sign_in_failures as t (key, failures, last_at, reset_at)
      values (${key}, 1, ${at}::timestamptz, ${at}::timestamptz + ${SECOND_STEP_FORGET_MS} * interval '1 millisecond')
      on conflict (key) do update set
        failures = case when t.reset_at > ${at}::timestamptz then t.failures + 1 else 1 end,
        last_at = excluded.last_at,
        reset_at = excluded.reset_at
      where t.reset_at <= ${at}::timestamptz or ${due} <= ${at}::timestamptz
      returning t.failures, true as counted, t.last_at`),
  );
  if (!row) {
    const [cur] = await db.select().from(signInFailures).where(eq(signInFailures.key, key));
    const until = cur ? secondStepDue(cur.failures, cur.lastAt) : null;
    const seconds = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 1;
    throw cur && cur.failures >= SECOND_STEP_LOCK_AFTER ? new SecondStepLocked(seconds) : new TooManyAttempts(seconds);
  }
  if (Number(row.failures) === SECOND_STEP_LOCK_AFTER) await mailLocked(db, userId, now);
}

/** A right code: the account's count starts afresh. */
export async function secondStepPassed(db: Db, userId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, keyOf(userId)));
}

async function mailLocked(db: Db, userId: string, now: Date) {
  const [u] = await db.select({ email: users.email, name: users.displayName }).from(users).where(eq(users.id, userId));
  if (!u) return;
  const body = renderMail({
    greeting: `Hello ${u.name},`,
    paragraphs: [
      `Someone entered ${SECOND_STEP_LOCK_AFTER} wrong codes in a row at the second step of signing in to your account, after giving your password.`,
      `The second step of your account is locked for ${SECOND_STEP_LOCK_MS / 60_000} minutes.`,
      'If it was not you, your password is known to someone else: change it now (Settings > Security), or reset it from the sign-in page.',
    ],
    footer: 'You got this mail because of a sign-in to your account.',
  });
  await enqueueMail(
    db,
    { to: u.email, subject: 'Too many wrong codes at your sign-in', ...body, kind: 'second-step-locked' },
    now,
  );
}
