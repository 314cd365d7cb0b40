import { getDb } from '@/db/client';
import { looksLikeEmailToken } from '@/lib/auth/email-tokens';
import { describeDeviceInvitation, type InvitationView } from '../access/invite';
import { checkResetToken } from './reset';

/** What the public pages of mailed links read before showing anything (the link page does the same). */
const INCOMPLETE = 'This link is not complete. Open the link from the mail again, or copy the whole address from it.';
const publicCtx = async () => ({ db: await getDb(), now: () => new Date() });

export async function loadResetPage(
  token: unknown,
): Promise<{ ok: true; token: string; email: string } | { ok: false; message: string }> {
  if (!looksLikeEmailToken(token)) return { ok: false, message: INCOMPLETE };
  const r = await checkResetToken(await publicCtx(), token);
  return r.ok ? { ok: true, token, email: r.email } : r;
}

export async function loadInvitationPage(
  token: unknown,
): Promise<{ ok: true; token: string; invitation: InvitationView } | { ok: false; message: string }> {
  if (!looksLikeEmailToken(token)) return { ok: false, message: INCOMPLETE };
  const r = await describeDeviceInvitation(await publicCtx(), token);
  return r.ok ? { ok: true, token, invitation: r.invitation } : r;
}
