import { z } from 'zod';
import { route } from '@/lib/http/route';
import { getGuestLink } from '@/lib/domain/accesslinks/open';
import { guestOf, privately } from '../guest';

// GET /api/v37/link/{token}: what the guest page shows (description, devices, window); the token authorizes
export const GET = privately(
  route({ scopes: 'public', params: z.object({ token: z.string().max(200) }) }, (ctx, { params, req }) =>
    getGuestLink(ctx, { token: params.token, guest: guestOf(req) }),
  ),
);
