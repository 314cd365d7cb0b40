/**
 * The Tedee Bridge API v1.2 (public repository tedee-com/tedee-bridge-api: bridge-api/spec.json, the
 * webhook events of bridge-api/webhooks/events.md) as this service speaks it, and the small
 * extension of ours (docs/devices.md, "The bridge protocol and our extension"). Pure: names, paths
 * and shapes only, shared by the HTTP adapter (lib/devices/tedee) and the virtual bridge
 * (lib/devices/virtual-bridge), so both say the same words; each has its own code for what they mean.
 */

/** The published API's path prefix (the `servers` of spec.json). */
export const API_PREFIX = '/v1.0';
/** Our extension: what the published protocol lacks and the contract needs (PINs, settings, door sensor, keypad, bell). */
export const EXT_PREFIX = '/x-smartlock/v1';
/** The version of our extension a bridge answers in GET {EXT_PREFIX}/capabilities. */
export const EXT_VERSION = 1;
/** The published API version we speak (spec.json `info.version`); `GET /bridge` of another major version is refused. */
export const BRIDGE_API_VERSION = '1.2';

/** The header (or query parameter) carrying the `api_key` (bridge-api/howtos/authenticate.md). */
export const TOKEN_HEADER = 'api_token';
/** Our callbacks carry the per-bridge secret in this header, registered with the callback. */
export const CALLBACK_SECRET_HEADER = 'x-bridge-secret';
/** Our extension: a command carries the service's operation id, and the lock's events about it echo it. */
export const OPERATION_HEADER = 'x-operation-id';
/** Our extension on every answer of a virtual bridge: its clock (ISO, ms), for ordering a snapshot against events. */
export const BRIDGE_TIME_HEADER = 'x-bridge-time';

/** How the `api_key` is made from the token the Tedee app shows: as it is, or SHA-256(token + timestamp) + timestamp. */
export type TokenMode = 'plain' | 'encrypted';

/** What a bridge can do beyond the published protocol (our extension); a real Tedee bridge has none. */
export const CAPABILITIES = ['pins', 'settings', 'doorSensor', 'keypad', 'bell'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The BLE error code (406 DeviceBleError `error-code`) a lock answers while it works on another command. */
export const BLE_BUSY = 3;

/** GET /bridge (BridgeDetails). */
export interface BridgeDetails {
  name: string;
  currentTime: string;
  serialNumber: string;
  ssid: string;
  isConnected: 0 | 1;
  version: string;
  wifiVersion: string;
}

/** GET /lock, GET /lock/{id} (LockDetails), with the door state real bridges send too and our extension. */
export interface LockDetails {
  id: number;
  name: string;
  type: 2 | 4;
  serialNumber: string;
  isConnected: 0 | 1;
  rssi: number;
  deviceRevision: number;
  version: string;
  state: number;
  jammed: 0 | 1;
  batteryLevel: number;
  isCharging: 0 | 1;
  /** not in spec.json's LockDetails, but sent by bridges (aiotedee reads it) */
  doorState: number;
  deviceSettings: Record<string, number>;
}

/** GET /callback (CallbackDetails); headers are one-key objects, `[{"x-bridge-secret": "..."}]`. */
export interface CallbackDetails {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>[];
}

/** The published webhook events (bridge-api/webhooks/events.md). */
export const BRIDGE_EVENTS = [
  'backend-connection-changed',
  'device-connection-changed',
  'device-settings-changed',
  'lock-status-changed',
  'device-battery-level-changed',
  'device-battery-start-charging',
  'device-battery-stop-charging',
  'device-battery-fully-charged',
] as const;
/** Our extension's events, sent to the same callbacks. */
export const EXT_EVENTS = [
  'x-keypad-used',
  'x-bell-pressed',
  'x-door-open-too-long',
  'x-sensor-battery-changed',
] as const;
export type BridgeEventName = (typeof BRIDGE_EVENTS)[number] | (typeof EXT_EVENTS)[number];

/** A callback body (POST): `{event, timestamp, data}`. */
export interface BridgeEventBody {
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Our extension's fields in the data of a published event, under one key (`data["x-smartlock"]`),
 * so a client that does not know them reads the event as the docs describe it.
 */
export const EXT_FIELD = 'x-smartlock';

/** What moved a lock (`data["x-smartlock"].trigger` of lock-status-changed): a command, someone at the door, the lock's automatics. */
export type LockTrigger = 'remote' | 'button' | 'knob' | 'auto' | 'spring' | 'keypad' | 'door';

/** The keypad's verdict on an entry (`x-keypad-used`). */
export type KeypadOutcome = 'unlocked' | 'wrongPin' | 'outsideTime';

/** A PIN as the extension writes it to a lock: its value and when it may open (the lock judges entries itself). */
export interface PinOnLock {
  value: string;
  startDate: string | null;
  endDate: string | null;
  dayStartTime: string | null;
  dayEndTime: string | null;
  weekDays: number | null;
}

/** The api_key of a request (bridge-api/howtos/authenticate.md); `sha256Hex` is the caller's (node:crypto). */
export function apiKey(token: string, mode: TokenMode, timestampMs: number, sha256Hex: (s: string) => string): string {
  return mode === 'plain' ? token : `${sha256Hex(`${token}${timestampMs}`)}${timestampMs}`;
}
