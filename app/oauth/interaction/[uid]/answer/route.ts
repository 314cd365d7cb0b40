import { z } from 'zod';
import { Forbidden } from '@/lib/domain/errors';
import { route } from '@/lib/http/route';
import { answerConsent } from '@/lib/oauth/consent';

const params = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an interaction id') });
const body = z.object({
  allow: z.boolean({ error: 'must be true or false' }),
  scopes: z.array(z.string().max(100)).max(50).optional(),
  code: z.string().max(64).optional(),
});

// POST /oauth/interaction/{uid}/answer: the person's answer on the consent page (a portal session
// only, from our own pages); answers where the browser goes next, back through the provider to the app.
export const POST = route(
  { summary: "The person's answer to an app's request", scopes: ['Account.ReadWrite'], params, body },
  async (ctx, { params, body, req }) => {
    if (ctx.caller.via !== 'session' || ctx.caller.app)
      throw Forbidden('Only the person, signed in to the portal, can answer.');
    return answerConsent(ctx, params.uid, req.headers.get('cookie') ?? '', body);
  },
);
