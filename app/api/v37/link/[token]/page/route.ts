import { z } from 'zod';
import { route } from '@/lib/http/route';
import { guestPage } from '@/lib/domain/accesslinks/page';
import { GuestPage } from '@/lib/domain/accesslinks/schemas';
import { guestOf, privately } from '../../guest';

// GET /api/v37/link/{token}/page: what the guest's page shows, inside the link's window and outside it
export const GET = privately(
  route(
    {
      summary: "What the guest's page shows: the link, or outside its window whose it is and when it starts",
      responses: { 200: GuestPage },
      scopes: 'public',
      params: z.object({ token: z.string().max(200) }),
    },
    (ctx, { params, req }) => guestPage(ctx, { token: params.token, guest: guestOf(req) }),
  ),
);
