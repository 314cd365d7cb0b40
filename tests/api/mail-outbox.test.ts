import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { setConfig, onPostgres } from '@/tests/support/config';
import { mailOutbox } from '@/db/schema';
import { enqueueMail, mailLink, renderMail } from '@/lib/mail';
import { smtpUrlProblem } from '@/lib/mail/config';
import { loadMailbox } from '@/lib/mail/mailbox';
import { runMailPass } from '@/lib/mail/pass';
import { db } from '../support/factories/core';
import { smtpForFile } from '../support/smtp-for-file';

/** The mail outbox and its worker, against a real SMTP server in this process. */
const smtp = smtpForFile();

const address = () => `mail-${randomUUID().slice(0, 8)}@test.local`;

describe('mail outbox', () => {
  it("sends the files a mail carries as attachments (a report's CSV, issue 35), with titled lists in both parts", async () => {
    const d = await db();
    const to = address();
    const body = renderMail({
      paragraphs: ['The weekly report.'],
      sections: [{ title: 'Openings per door', lines: ['Front door: 4 openings', '<b>Back</b>: 1 opening'] }],
    });
    expect(body.text).toContain('Openings per door\n- Front door: 4 openings');
    expect(body.html).toContain('<li>&lt;b&gt;Back&lt;/b&gt;: 1 opening</li>');
    await d.transaction((tx) =>
      enqueueMail(tx, {
        to,
        subject: 'Weekly report',
        ...body,
        kind: 'report',
        attachments: [
          {
            filename: 'report.csv',
            contentType: 'text/csv',
            content: 'section,name,count\r\nopenings,Front door,4\r\n',
          },
        ],
      }),
    );
    expect(await runMailPass(d, new Date(), { only: [to] })).toEqual({ attempted: 1, sent: 1 });
    const [m] = smtp.to(to);
    expect(m.attachments).toEqual([
      { filename: 'report.csv', contentType: 'text/csv', content: 'section,name,count\r\nopenings,Front door,4\r\n' },
    ]);
  });

  it('sends a queued mail with text and HTML parts, the organization in the subject, and keeps no body after', async () => {
    const d = await db();
    const to = address();
    // long enough not to turn up by chance in the ciphertext ('abc' did once: a random base64 text)
    const token = 'plain-link-token-7f3e9a2c';
    const link = mailLink('/verify', { token });
    const body = renderMail({
      greeting: 'Hello <Ada>,',
      paragraphs: ['Check this.'],
      action: { label: 'Open', url: link },
    });
    const id = await d.transaction((tx) =>
      enqueueMail(tx, {
        to,
        subject: 'Welcome\r\nBcc: evil@x.test',
        ...body,
        kind: 'notice',
        organizationName: 'Acme',
      }),
    );
    const [queued] = await d.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued.bodyCiphertext).not.toContain(token); // the link is not kept in clear
    expect(await runMailPass(d, new Date(), { only: [to] })).toEqual({ attempted: 1, sent: 1 });
    const [m] = smtp.to(to);
    expect(m.subject).toBe('Acme: Welcome Bcc: evil@x.test');
    expect(m.to).toEqual([to]);
    expect(m.text).toContain(link);
    expect(m.links).toEqual([link]);
    expect(m.html).toContain('Hello &lt;Ada&gt;,');
    expect(link.startsWith(config().NEXTAUTH_URL || 'http://localhost:')).toBe(true);
    const [sent] = await d.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, bodyCiphertext: null });
  });

  it('queues nothing when the transaction that caused the mail rolls back', async () => {
    const d = await db();
    const to = address();
    await expect(
      d.transaction(async (tx) => {
        await enqueueMail(tx, { to, subject: 'x', text: 'x', html: 'x', kind: 'notice' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
  });

  it('loses nothing while the SMTP server is down: retried with backoff, sent when it is back', async () => {
    const d = await db();
    const to = address();
    await d.transaction((tx) =>
      enqueueMail(tx, { to, subject: 'Later', text: 'body', html: '<p>body</p>', kind: 'notice' }),
    );
    smtp.down();
    const t0 = new Date();
    expect(await runMailPass(d, t0, { only: [to] })).toEqual({ attempted: 1, sent: 0 });
    const [failed] = await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/421/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(t0.getTime() + 7_000); // ~10 s backoff
    // not due yet: nothing is tried
    expect(await runMailPass(d, t0, { only: [to] })).toEqual({ attempted: 0, sent: 0 });
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await runMailPass(d, t1, { only: [to] })).toEqual({ attempted: 1, sent: 0 });
    smtp.up();
    expect(await runMailPass(d, new Date(t1.getTime() + 600_000), { only: [to] })).toEqual({ attempted: 1, sent: 1 });
    expect(smtp.to(to)).toHaveLength(1);
    const [sent] = await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('two workers passing at once send each mail once (claims are made in the database)', async () => {
    const d = await db();
    const tos = Array.from({ length: 6 }, address);
    await d.transaction(async (tx) => {
      for (const to of tos) await enqueueMail(tx, { to, subject: 'Once', text: 'x', html: 'x', kind: 'notice' });
    });
    const [a, b] = await Promise.all([
      runMailPass(d, new Date(), { only: tos }),
      runMailPass(d, new Date(), { only: tos }),
    ]);
    expect(a.sent + b.sent).toBe(6);
    for (const to of tos) expect(smtp.to(to)).toHaveLength(1);
  });
});

describe('the demo mailbox', () => {
  it('exists only in demo mode without SMTP_URL, and shows the plain text of the mails to an address', async () => {
    const d = await db();
    const to = address();
    const link = mailLink('/verify-email', { token: 'x'.repeat(43) });
    await d.transaction((tx) =>
      enqueueMail(tx, {
        to,
        subject: 'Confirm',
        ...renderMail({ paragraphs: ['Hi'], action: { label: 'Confirm', url: link } }),
        kind: 'verify',
      }),
    );
    const here = '127.0.0.1';
    expect(await loadMailbox(here, to)).toBeNull(); // SMTP_URL is set in this file: mail is sent, not kept
    setConfig({ SMTP_URL: undefined, DEMO: '1', LISTEN_HOST: '127.0.0.1' });
    const box = await loadMailbox(here, to.toUpperCase());
    // the embedded demo on loopback keeps it; with DATABASE_URL there is none (tests/api/mailbox.test.ts)
    expect(box).toEqual(
      onPostgres()
        ? null
        : [
            {
              id: expect.any(String),
              to,
              subject: 'Confirm',
              kind: 'verify',
              created: expect.any(String),
              text: expect.stringContaining(link),
            },
          ],
    );
    setConfig({ DEMO: '0' });
    expect(await loadMailbox(here, to)).toBeNull(); // not a demo: no mailbox
  });
});

describe('SMTP_URL', () => {
  it('is checked at start: a URL with smtp:// or smtps:// and a host', () => {
    expect(smtpUrlProblem(undefined)).toBeNull();
    expect(smtpUrlProblem('smtps://user:pass@smtp.example.com:465')).toBeNull();
    expect(smtpUrlProblem('smtp://localhost:25')).toBeNull();
    expect(smtpUrlProblem('smtp.example.com')).toMatch(/not a URL/);
    expect(smtpUrlProblem('https://smtp.example.com')).toMatch(/smtp:\/\/ or smtps:\/\//);
  });
});
