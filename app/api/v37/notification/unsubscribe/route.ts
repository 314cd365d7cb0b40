import { z } from 'zod';
import { unsubscribe } from '@/lib/domain/notifications/preferences';
import { clientAddress } from '@/lib/http/client-address';
import { route } from '@/lib/http/route';
import { Unsubscribed } from '@/lib/domain/notifications/schemas';

const body = z.object({
  token: z.string({ error: 'the link from the mail is needed' }).max(100, 'is not a link from our mails'),
});

// POST /api/v37/notification/unsubscribe: public; a notification mail's token turns that kind of mail off for its person; 200 { kind, label }; 429 past 30 tries in 10 minutes from one client address
export const POST = route(
  {
    summary:
      "Public; a notification mail's token turns that kind of mail off for its person (30 tries in 10 minutes per client address)",
    responses: { 200: Unsubscribed },
    errors: [410],
    scopes: 'public',
    body,
  },
  (ctx, { body: b, req }) => unsubscribe(ctx, b.token, clientAddress(req.headers)),
);
