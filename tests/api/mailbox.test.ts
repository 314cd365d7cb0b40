import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '@/lib/mail';
import { mailboxEnabled, mailboxOffReason } from '@/lib/mail/config';
import { loadMailbox } from '@/lib/mail/mailbox';
import { db } from '../support/factories/core';

/**
 * Issue 29: the demo mailbox shows every mail (reset links, invitation tokens, link URLs). It
 * exists only in the embedded demo listening on loopback, and shows mail only to a browser on the
 * same machine.
 */
const saved = { ...process.env };
afterEach(() => {
  for (const k of ['DATABASE_URL', 'DEMO', 'SMTP_URL', 'LISTEN_HOST', 'PGLITE_DIR'])
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

/** The embedded demo as `npm start` runs it by default. */
function embeddedOnLoopback() {
  delete process.env.DATABASE_URL;
  delete process.env.SMTP_URL;
  delete process.env.DEMO;
  process.env.LISTEN_HOST = '127.0.0.1';
}

describe('the demo mailbox', () => {
  it('exists in the embedded demo on loopback, and nowhere else, each time saying why', () => {
    embeddedOnLoopback();
    expect(mailboxEnabled()).toBe(true);
    process.env.LISTEN_HOST = '::1';
    expect(mailboxEnabled()).toBe(true);
    process.env.LISTEN_HOST = '0.0.0.0';
    expect(mailboxOffReason()).toMatch(/listens on 0\.0\.0\.0/);
    delete process.env.LISTEN_HOST; // a bare `next start`: the interface is unknown
    expect(mailboxOffReason()).toMatch(/was not told of/);
    embeddedOnLoopback();
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    process.env.DEMO = '1';
    expect(mailboxOffReason()).toMatch(/DATABASE_URL is set/);
    embeddedOnLoopback();
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    expect(mailboxEnabled()).toBe(false);
    embeddedOnLoopback();
    process.env.DEMO = '0';
    expect(mailboxEnabled()).toBe(false);
  });

  it('shows mail only to a browser on the same machine', async () => {
    if (saved.DATABASE_URL) return expect(mailboxEnabled()).toBe(false); // the Postgres leg: never
    embeddedOnLoopback();
    const to = `mailbox-${Date.now()}@test.local`;
    await enqueueMail(await db(), { to, subject: 'Reset your password', text: 'secret link', html: '', kind: 'reset' });
    expect(await loadMailbox('203.0.113.9', to)).toBeNull();
    expect(await loadMailbox('unknown', to)).toBeNull();
    expect((await loadMailbox('127.0.0.1', to))?.map((m) => m.subject)).toEqual(['Reset your password']);
  });
});
