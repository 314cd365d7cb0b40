import { z } from 'zod';
import { instant, int, windowFields } from '../schema-parts';

/** Device access as the API shows it (api-v37.md); the OpenAPI document is made from these. */

export const AccessRecord = z
  .object({
    id: z.string(),
    deviceId: int(),
    accessLevel: int(),
    principalType: int().describe('0 user, 1 user group'),
    principalId: z.string().describe("the user's or group's id; a pending invitation's own id until it is accepted"),
    principalName: z.string(),
    userEmail: z.string().nullable(),
    organizationUserId: int(),
    isPending: z.boolean(),
    remoteAccessDisabled: z.boolean(),
    ...windowFields,
  })
  .meta({ id: 'AccessRecord' });
export type AccessRecord = z.infer<typeof AccessRecord>;

/** The flat grant result of api-v37.md (endpoint 1): a grant that answers 201 has succeeded. */
export const GrantResult = z
  .object({
    id: z.string(),
    principalType: int(),
    principalId: z.string(),
    userEmail: z.string().nullable(),
    displayName: z.string(),
    success: z.literal(true),
    error: z.null(),
  })
  .meta({ id: 'GrantResult' });
export type GrantResult = z.infer<typeof GrantResult>;

/** One principal of a copy: each may fail on its own (then id and principalId may be null, error says why). */
export const CopyResultItem = z
  .object({
    id: z.string().nullable(),
    principalType: int(),
    principalId: z.string().nullable(),
    userEmail: z.string().nullable(),
    displayName: z.string(),
    success: z.boolean(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'CopyResultItem' });
export type CopyResultItem = z.infer<typeof CopyResultItem>;

export const CopyResult = z.object({ principals: z.array(CopyResultItem) });

export const InvitationResent = z.object({ id: z.string(), userEmail: z.string(), expiresAt: instant });
export const InvitationAccepted = z.object({
  deviceId: int(),
  accessId: z.string(),
  /** extension: every door the invitation gave (one mail may invite to the doors of one share step) */
  accepted: z.array(z.object({ deviceId: int(), accessId: z.string() })),
});
