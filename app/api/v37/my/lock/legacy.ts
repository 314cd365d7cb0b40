import { z } from 'zod';
import { bodyId } from '@/lib/http/query';
import { operateLock } from '@/lib/domain/devices/operate';
import { OperationAccepted } from '@/lib/domain/devices/schemas';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

/**
 * Tedee's v1.1x command paths (POST /my/lock/open|close|pull-spring with `{deviceId}` in the body),
 * which homebridge-tedee 0.4.1 and tedee-api-client 0.0.4 still send: thin aliases of the v37
 * verbs (/my/lock/{id}/operation/unlock|lock|pull), the same rules, budget and answer (202 with the
 * operation to follow). Deprecated in the OpenAPI document; docs/api-compatibility.md, "Legacy paths".
 */
const body = z.object({
  deviceId: bodyId('must be the id of a lock (a number)', 'must be positive'),
});

const NAMES = { 0: 'lock', 1: 'unlock', 2: 'pull' } as const;

export function legacyCommand(type: 0 | 1 | 2, path: string) {
  return route(
    {
      summary: `Legacy (v1.1x) form of POST /my/lock/{id}/operation/${NAMES[type]}: ${path} with {deviceId}; 202 like it`,
      deprecated: true,
      responses: { 202: OperationAccepted },
      errors: [408, 428],
      scopes: ['Lock.Operate'],
      rateLimit: 'commands',
      body,
    },
    async (ctx, { body }) => reply.accepted(await operateLock(ctx, { id: body.deviceId, type })),
  );
}
