import { route } from '@/lib/http/route';
import { signedTime } from '@/lib/domain/certificates/signed-time';
import { SignedTime } from '@/lib/domain/devices/schemas';

// GET /api/v37/datetime/getsignedtime: the service's time, signed, for devices judging certificates offline (Tedee's signed time)
export const GET = route(
  {
    summary: "The service's time, signed, for devices judging certificates offline (Tedee's signed time)",
    responses: { 200: SignedTime },
    scopes: ['Device.Read', 'Device.ReadWrite'],
  },
  (ctx) => signedTime(ctx),
);
