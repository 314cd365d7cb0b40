import { z } from 'zod';
import { nameField } from '@/lib/shared/text';

/** Input and answers of the organization's bridges (docs/api-compatibility.md: ours, not Tedee's cloud API). */
const access = {
  /** the bridge's IP address (and port), as the Tedee app shows it: Bridge settings > Local API */
  address: z.string().trim().min(1, 'must not be empty').max(200),
  /** the API token the Tedee app shows there */
  token: z.string().trim().min(1, 'must not be empty').max(200),
  /** whether the app is set to an encrypted token (the default) or a plain one */
  tokenMode: z.enum(['encrypted', 'plain']).default('encrypted'),
};

export const checkBridgeBody = z.object(access);

export const addBridgeBody = z.object({
  ...access,
  name: nameField().optional(),
  locks: z
    .array(
      z.object({
        /** the lock's id on the bridge (from the check) */
        id: z.number().int().min(1).max(2_147_483_647),
        name: nameField(),
      }),
    )
    .max(50),
});

const capabilities = z.array(z.enum(['pins', 'settings', 'doorSensor', 'keypad', 'bell']));

export const BridgeChecked = z.object({
  bridge: z.object({
    name: z.string(),
    serialNumber: z.string(),
    version: z.string(),
    isConnected: z.boolean(),
    capabilities,
    alreadyAdded: z.boolean(),
  }),
  locks: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.number().int(),
      serialNumber: z.string(),
      isConnected: z.boolean(),
      state: z.number().int(),
      batteryLevel: z.number().int().nullable(),
    }),
  ),
});

export const BridgeAdded = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNumber: z.string(),
  locks: z.array(z.object({ id: z.number().int(), remoteId: z.number().int(), name: z.string() })),
});

export const OrgBridge = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNumber: z.string(),
  isConnected: z.boolean().nullable(),
  address: z.string().nullable(),
  tokenMode: z.string().nullable(),
  capabilities: z.array(z.string()),
  lastEventAt: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  locks: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
