/**
 * Mails are small and alike: a greeting, a few paragraphs, at most one button, a closing note.
 * One function writes both parts from the same words, so the plain text and the HTML never say
 * different things; everything put into the HTML is escaped.
 */
export interface MailContent {
  /** first line, e.g. "Hello Nina," */
  greeting?: string;
  paragraphs: string[];
  /** after the paragraphs, one line each (the doors of a share with their hours) */
  list?: string[];
  /** after the list: titled lists (a report's parts: openings per door, refusals ...) */
  sections?: Array<{ title: string; lines: string[] }>;
  /** the one thing to do: a labelled link */
  action?: { label: string; url: string };
  /** after the button, e.g. "The link works once, for 24 hours." */
  after?: string[];
  /** small print: why the person got this mail */
  footer?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMail(c: MailContent): { text: string; html: string } {
  const text = [
    ...(c.greeting ? [c.greeting, ''] : []),
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.list?.length ? [...c.list.map((l) => `- ${l}`), ''] : []),
    ...(c.sections ?? []).flatMap((s) => [s.title, ...s.lines.map((l) => `- ${l}`), '']),
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    ...(c.after ?? []).flatMap((p) => [p, '']),
    ...(c.footer ? ['--', c.footer] : []),
  ]
    .join('\n')
    .trimEnd();
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const list = c.list?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${c.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
    : '';
  const sections = (c.sections ?? [])
    .map(
      (s) =>
        `<p style="margin:16px 0 4px;font-weight:600">${escapeHtml(s.title)}</p><ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    )
    .join('');
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#0f172a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#64748b;word-break:break-all">Or open this address: ${escapeHtml(c.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 20px;font-weight:600">Smart Lock Cloud</p>
${c.greeting ? p(c.greeting) : ''}${c.paragraphs.map(p).join('')}${list}${sections}${button}${(c.after ?? []).map(p).join('')}
${c.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(c.footer)}</p>` : ''}
</div></body></html>`;
  return { text, html };
}
