import { msSetting } from './number';
import { publicUrl } from './env';

/**
 * How the service talks to bridges (docs/devices.md, "Running it"), read from the environment in
 * one place. Read at each use, so a test can change one for a while.
 */

const ms = msSetting;

export function bridgeHttpConfig() {
  return {
    /** a read or a command: a bridge answers at once (BRIDGE_TIMEOUT_MS, default 5 s) */
    timeoutMs: ms('BRIDGE_TIMEOUT_MS', 5000, 1),
    /** a PIN or settings, which the lock confirms before its bridge answers (BRIDGE_CONFIRM_TIMEOUT_MS, default 20 s) */
    confirmTimeoutMs: ms('BRIDGE_CONFIRM_TIMEOUT_MS', 20_000, 1),
    /** how long a command's outcome is waited for before it counts as not confirmed (BRIDGE_COMMAND_TIMEOUT_MS, default 15 s) */
    commandTimeoutMs: ms('BRIDGE_COMMAND_TIMEOUT_MS', 15_000, 1),
  };
}

/**
 * Where bridges send their events: this service's address as the bridges' network reaches it
 * (BRIDGE_CALLBACK_URL, default the public URL). Each bridge's callback is
 * `<this>/api/bridge/<bridge id>/events`.
 */
export function bridgeCallbackBase(): string {
  return (process.env.BRIDGE_CALLBACK_URL || publicUrl().origin).replace(/\/+$/, '');
}

/**
 * Bridges may be on this machine's loopback (BRIDGE_ALLOW_LOOPBACK=1: the demo and the tests, whose
 * virtual bridges run beside the server); otherwise an added bridge's address must be private.
 */
export const bridgeAllowLoopback = () => process.env.BRIDGE_ALLOW_LOOPBACK === '1';

/** Every bridge is re-read (GET /bridge, /callback, /lock) at least this often (BRIDGE_RECONCILE_MS, default 30 s). */
export const bridgeReconcileMs = () => ms('BRIDGE_RECONCILE_MS', 30_000, 10);

/** How often the device worker looks for due work (SIM_REAPER_MS, default 2 s): re-reads and commands past their time. */
export const deviceSweepMs = () => ms('SIM_REAPER_MS', 2000, 10);

/** The simulator's control plane (`/api/sim`, SIM_CONTROL=1): the demo and the tests only. */
export const simControlEnabled = () => process.env.SIM_CONTROL === '1';
