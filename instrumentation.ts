// Runs once per server process: starts the background workers (operation reaper, PIN expiry,
// webhook delivery). Several processes may run them at once; each worker claims work in the
// database, never in memory.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.BACKGROUND_WORKERS === '0') return;
  const { startWorkers } = await import('./lib/workers');
  await startWorkers();
}
