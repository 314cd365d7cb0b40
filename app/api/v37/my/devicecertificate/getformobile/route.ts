import { z } from 'zod';
import { route } from '@/lib/http/route';
import { mobileRef, pathId } from '@/lib/http/query';
import { certificateForMobile } from '@/lib/domain/certificates/issue';
import { DeviceCertificate } from '@/lib/domain/certificates/schemas';

// GET /api/v37/my/devicecertificate/getformobile?mobileId=&deviceId=: a signed certificate for the caller's phone on a device
export const GET = route(
  {
    summary: "A signed certificate for the caller's phone on a device",
    responses: { 200: DeviceCertificate },
    scopes: ['DeviceCertificate.Operate'],
    query: z.object({ mobileId: mobileRef(), deviceId: pathId() }),
  },
  (ctx, { query }) => certificateForMobile(ctx, query),
);
