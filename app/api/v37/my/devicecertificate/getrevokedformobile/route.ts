import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { revokedForMobile } from '@/lib/domain/certificates/revoked';
import { res } from '@/lib/http/responses';
import { RevokedCertificates } from '@/lib/domain/certificates/schemas';

// GET /api/v37/my/devicecertificate/getrevokedformobile?deviceId=&version=: signed revoked list, 204 when version is current
export const GET = route(
  {
    summary: 'Signed revoked list, 204 when version is current',
    responses: { 200: RevokedCertificates, 204: res.empty },
    scopes: ['DeviceCertificate.Operate'],
    query: z.object({ deviceId: pathId(), version: qInt(0, 2147483647) }),
  },
  async (ctx, { query }) => (await revokedForMobile(ctx, query)) ?? reply.noContent(),
);
