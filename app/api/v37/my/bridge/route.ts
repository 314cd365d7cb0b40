import { route } from '@/lib/http/route';
import { listBridges } from '@/lib/domain/devices/details';
import { z } from 'zod';
import { Bridge } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/bridge: the caller's bridges
export const GET = route({ summary: 'The caller\'s bridges', responses: { 200: z.array(Bridge) }, scopes: ['Device.Read', 'Device.ReadWrite'] }, (ctx) => listBridges(ctx));
