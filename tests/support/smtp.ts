import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** every http(s) link in the plain-text part */
  links: string[];
  /** the files it carries, their content as text */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/**
 * A real SMTP server inside the test process (smtp-server), receiving what the mail worker sends.
 * `down()` makes it refuse every mail with a temporary error (421), `up()` accepts again.
 */
export async function startSmtp() {
  const inbox: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      if (refusing) return cb(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((m: ParsedMail) => {
          const text = m.text ?? '';
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: m.subject ?? '',
            text,
            html: typeof m.html === 'string' ? m.html : '',
            links: text.match(/https?:\/\/[^\s]+/g) ?? [],
            attachments: m.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** the mails to one address (any case), oldest first */
    to: (address: string) => inbox.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    down: () => (refusing = true),
    up: () => (refusing = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
