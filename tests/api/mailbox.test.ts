import { describe, expect, it } from 'vitest';
import { onPostgres, setConfig } from '@/tests/support/config';
import { enqueueMail } from '@/lib/mail';
import { mailboxEnabled, mailboxOffReason } from '@/lib/mail/config';
import { loadMailbox } from '@/lib/mail/mailbox';
import { db } from '../support/factories/core';

/**
 * Issue 29: the demo mailbox shows every mail (reset links, invitation tokens, link URLs). It
 * exists only in the embedded demo listening on loopback, and shows mail only to a browser on the
 * same machine.
 */

/** The embedded demo as `npm start` runs it by default. */
function embeddedOnLoopback() {
  setConfig({ DATABASE_URL: undefined, SMTP_URL: undefined, DEMO: undefined, LISTEN_HOST: '127.0.0.1' });
}

describe('the demo mailbox', () => {
  it('exists in the embedded demo on loopback, and nowhere else, each time saying why', () => {
    embeddedOnLoopback();
    expect(mailboxEnabled()).toBe(true);
    setConfig({ LISTEN_HOST: '::1' });
    expect(mailboxEnabled()).toBe(true);
    setConfig({ LISTEN_HOST: '0.0.0.0' });
    expect(mailboxOffReason()).toMatch(/listens on 0\.0\.0\.0/);
    setConfig({ LISTEN_HOST: undefined }); // a bare `next start`: the interface is unknown
    expect(mailboxOffReason()).toMatch(/was not told of/);
    embeddedOnLoopback();
    setConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    setConfig({ DEMO: '1' });
    expect(mailboxOffReason()).toMatch(/DATABASE_URL is set/);
    embeddedOnLoopback();
    setConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(mailboxEnabled()).toBe(false);
    embeddedOnLoopback();
    setConfig({ DEMO: '0' });
    expect(mailboxEnabled()).toBe(false);
  });

  it('shows mail only to a browser on the same machine', async () => {
    if (onPostgres()) return expect(mailboxEnabled()).toBe(false); // the Postgres leg: never
    embeddedOnLoopback();
    const to = `mailbox-${Date.now()}@test.local`;
    await enqueueMail(await db(), { to, subject: 'Reset your password', text: 'secret link', html: '', kind: 'reset' });
    expect(await loadMailbox('203.0.113.9', to)).toBeNull();
    expect(await loadMailbox('unknown', to)).toBeNull();
    expect((await loadMailbox('127.0.0.1', to))?.map((m) => m.subject)).toEqual(['Reset your password']);
  });
});
