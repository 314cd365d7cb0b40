import { z } from 'zod';
import { BridgeChecked, checkBridgeBody } from '@/lib/domain/devices/bridge-schemas';
import { checkBridge } from '@/lib/domain/devices/bridges-manage';
import { pathId } from '@/lib/http/query';
import { route } from '@/lib/http/route';

// POST /api/v37/organization/{organizationId}/bridge/check {address, token, tokenMode}: what the bridge at this address
// is and which locks it has (ours; nothing is stored). 400 token refused; 412 not a Tedee bridge of API v1; 428 nothing answers.
export const POST = route(
  {
    summary: 'Check a bridge by its address and API token: its details and locks (ours; nothing stored)',
    responses: { 200: BridgeChecked },
    errors: [412, 428],
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    body: checkBridgeBody,
  },
  (ctx, { params, body }) => checkBridge(ctx, params.organizationId, body),
);
