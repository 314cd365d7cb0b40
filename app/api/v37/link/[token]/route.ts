import { z } from 'zod';
import { route } from '@/lib/http/route';
import { getGuestLink } from '@/lib/domain/accesslinks/open';
import { guestOf, privately } from '../guest';
import { GuestLinkView } from '@/lib/domain/accesslinks/schemas';

// GET /api/v37/link/{token}: what the guest page shows (description, devices, window); the token authorizes
export const GET = privately(
  route(
    {
      summary: 'What the guest page shows (description, devices, window); the token authorizes',
      responses: { 200: GuestLinkView },
      errors: [410],
      scopes: 'public',
      params: z.object({ token: z.string().max(200) }),
    },
    (ctx, { params, req }) => getGuestLink(ctx, { token: params.token, guest: guestOf(req) }),
  ),
);
