import nodemailer, { type Transporter } from 'nodemailer';
import { mailFrom, smtpUrl } from './config';

/** One nodemailer transport per SMTP_URL (pooled connections), made when first needed. */
let cached: { url: string; transport: Transporter } | undefined;

export function transport(): Transporter | null {
  const url = smtpUrl();
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = {
      url,
      // bounded waits: a hanging server must not hold a claimed mail past its lease
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transport;
}

export interface SendOutcome {
  ok: boolean;
  /** the server refused for good (5xx on the envelope): retrying would not help */
  permanent: boolean;
  error: string | null;
}

/** Hands one mail to the SMTP server; never throws. */
export async function sendMail(m: {
  to: string;
  subject: string;
  text: string;
  html: string;
  id: string;
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}): Promise<SendOutcome> {
  const t = transport();
  if (!t) return { ok: false, permanent: false, error: 'SMTP_URL is not set.' };
  try {
    await t.sendMail({
      from: mailFrom(),
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      ...(m.attachments?.length
        ? {
            attachments: m.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          }
        : {}),
      messageId: `<${m.id}@smartlock-cloud>`,
    });
    return { ok: true, permanent: false, error: null };
  } catch (e) {
    const err = e as { code?: string; responseCode?: number; message?: string };
    const permanent = err.code === 'EENVELOPE' && typeof err.responseCode === 'number' && err.responseCode >= 500;
    // the server's words, not ours: never the mail's content (it holds a link)
    const error = `${err.code ?? 'Error'}${err.responseCode ? ` ${err.responseCode}` : ''}: ${(err.message ?? '').slice(0, 300)}`;
    return { ok: false, permanent, error };
  }
}
