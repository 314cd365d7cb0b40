import { z } from 'zod';
import { addBridgeBody, BridgeAdded, OrgBridge } from '@/lib/domain/devices/bridge-schemas';
import { addBridge, listBridges } from '@/lib/domain/devices/bridges-manage';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/bridge: the organization's bridges and how the service reaches them (administrators; never the token)
export const GET = route(
  {
    summary: "The organization's bridges, their addresses and locks (administrators; ours)",
    responses: { 200: z.array(OrgBridge) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => listBridges(ctx, params.organizationId),
);

// POST /api/v37/organization/{organizationId}/bridge {address, token, tokenMode, name?, locks: [{id, name}]}: add a
// bridge by its local API (ours): it is checked, the chosen locks are added under their names, its callback registered.
// 201; 400 token refused or bad input; 409 already added; 412 not a Tedee bridge of API v1; 428 nothing answers.
export const POST = route(
  {
    summary: 'Add a bridge by its address and API token, with the locks chosen (ours)',
    responses: { 201: BridgeAdded },
    errors: [409, 412, 428],
    scopes: ['Organization.ReadWrite'],
    params,
    body: addBridgeBody,
  },
  async (ctx, { params, body }) => reply.created(await addBridge(ctx, params.organizationId, body)),
);
