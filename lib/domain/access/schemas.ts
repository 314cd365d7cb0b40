import { z } from 'zod';

/** Device access as the API shows it (api-v37.md); the OpenAPI document is made from these. */
const int = () => z.number().int();
const instant = z.string().describe('UTC, ISO 8601 with Z');

export const AccessRecord = z
  .object({
    id: z.string(),
    deviceId: int(),
    accessLevel: int(),
    principalType: int().describe('0 user, 1 user group'),
    principalId: z.string(),
    principalName: z.string(),
    userEmail: z.string().nullable(),
    organizationUserId: int(),
    isPending: z.boolean(),
    remoteAccessDisabled: z.boolean(),
    startDate: instant.nullable(),
    endDate: instant.nullable(),
    dayStartTime: instant.nullable(),
    dayEndTime: instant.nullable(),
    weekDays: int().nullable(),
  })
  .meta({ id: 'AccessRecord' });

export const GrantResult = z
  .object({
    id: z.string().nullable(),
    principalType: int(),
    principalId: z.string().nullable(),
    userEmail: z.string().nullable(),
    displayName: z.string().nullable(),
    success: z.boolean(),
    error: z.string().nullable(),
  })
  .meta({ id: 'GrantResult' });
export type GrantResultShape = z.infer<typeof GrantResult>;

export const CopyResult = z.object({ principals: z.array(GrantResult) });

export const InvitationResent = z.object({ id: z.string(), userEmail: z.string(), expiresAt: instant });
export const InvitationAccepted = z.object({ deviceId: int(), accessId: z.string() });
