import { endAllSessions } from '@/lib/domain/account/security';
import { route } from '@/lib/http/route';
import { EndedSessions } from '@/lib/domain/account/schemas';

// DELETE /api/v37/my/account/sessions: sign out everywhere, this session included
export const DELETE = route(
  {
    summary: 'Sign out everywhere, this session included',
    responses: { 200: EndedSessions },
    scopes: ['Account.ReadWrite'],
  },
  (ctx) => endAllSessions(ctx),
);
