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

/** The control plane (/api/sim): SIM_CONTROL=1/0; by default on for the embedded demo (PGlite), off with Postgres. */
export function simControlEnabled(): boolean {
  const v = process.env.SIM_CONTROL;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return !process.env.DATABASE_URL;
}
