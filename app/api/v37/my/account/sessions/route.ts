import { endAllSessions } from '@/lib/domain/account/security';
import { route } from '@/lib/http/route';

// DELETE /api/v37/my/account/sessions: sign out everywhere, this session included
export const DELETE = route({ scopes: ['Account.ReadWrite'] }, (ctx) => endAllSessions(ctx));
