/** Timing of the simulated hardware (env read on each call so tests can change it). */
export function commandMs(): number {
  const v = Number(process.env.SIM_COMMAND_MS ?? 1500);
  return Number.isFinite(v) && v >= 0 ? v : 1500;
}

/** A 'slow' fault makes the next command take this much longer than usual. */
export const slowFactor = 4;

/** A 'timeout' fault: the device stays silent until the service gives up after this long. */
export function timeoutMs(): number {
  return Math.max(commandMs() * 2, 50);
}

/**
 * An operation nobody settled this long after its planned end was accepted by a process that
 * died: its outcome was never observed, so it completes as timed out.
 */
export function staleMs(): number {
  return Number(process.env.SIM_STALE_MS ?? 10_000);
}

/** The device slot is held a little past the planned end, so a crashed holder frees it by itself. */
export function slotGraceMs(): number {
  return staleMs();
}

/**
 * The control plane (/api/sim) stands in for the hardware: it exists only where SIM_CONTROL=1 is
 * set explicitly (the demo's `npm start` and the tests set it); anywhere else its routes are 404.
 */
export function simControlEnabled(): boolean {
  return process.env.SIM_CONTROL === '1';
}
