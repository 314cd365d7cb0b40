// Runs once per server process, before it serves (`npm start` and a bare `next start` alike):
// checks the configuration, migrates, loads the demo data when asked for, starts the background
// workers (lib/server/start.ts). A server that cannot start stops here with one line, instead of
// opening its port and answering 500.
export async function register() {
  const { isNodeRuntime } = await import('./lib/config/build');
  if (!isNodeRuntime()) return;
  const { startServer, startFailure } = await import('./lib/server/start');
  try {
    await startServer();
  } catch (e) {
    console.error(startFailure(e));
    process.exit(1);
  }
}
