import { publicUrl } from './env';
import { config } from './index';

/**
 * How the service talks to bridges (docs/devices.md, "Running it"), read from the environment in
 * one place. Read at each use, so a test can change one for a while.
 */

export function bridgeHttpConfig() {
  return {
    /** a read or a command: a bridge answers at once (BRIDGE_TIMEOUT_MS, default 5 s) */
    timeoutMs: config().BRIDGE_TIMEOUT_MS,
    /** a PIN or settings, which the lock confirms before its bridge answers (BRIDGE_CONFIRM_TIMEOUT_MS, default 20 s) */
    confirmTimeoutMs: config().BRIDGE_CONFIRM_TIMEOUT_MS,
    /** how long a command's outcome is waited for before it counts as not confirmed (BRIDGE_COMMAND_TIMEOUT_MS, default 15 s) */
    commandTimeoutMs: config().BRIDGE_COMMAND_TIMEOUT_MS,
  };
}

/**
 * Where bridges send their events: this service's address as the bridges' network reaches it
 * (BRIDGE_CALLBACK_URL, default the public URL). Each bridge's callback is
 * `<this>/api/bridge/<bridge id>/events`.
 */
export function bridgeCallbackBase(): string {
  return (config().BRIDGE_CALLBACK_URL ?? publicUrl().origin).replace(/\/+$/, '');
}

/**
 * Bridges may be on this machine's loopback (BRIDGE_ALLOW_LOOPBACK=1: the demo and the tests, whose
 * virtual bridges run beside the server); otherwise an added bridge's address must be private.
 */
export const bridgeAllowLoopback = () => config().BRIDGE_ALLOW_LOOPBACK;

/** Every bridge is re-read (GET /bridge, /callback, /lock) at least this often (BRIDGE_RECONCILE_MS, default 30 s). */
export const bridgeReconcileMs = () => config().BRIDGE_RECONCILE_MS;

/** How often the device worker looks for due work (SIM_REAPER_MS, default 2 s): re-reads and commands past their time. */
export const deviceSweepMs = () => config().SIM_REAPER_MS;

/** The simulator's control plane (`/api/sim`, SIM_CONTROL=1): the demo and the tests only. */
export const simControlEnabled = () => config().SIM_CONTROL;
