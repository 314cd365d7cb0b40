// Runs once per server process, before it serves (`npm start` and a bare `next start` alike):
// checks the configuration, migrates, loads the demo data when asked for, starts the background
// workers (lib/server/start.ts). A server that cannot start stops here with one line, instead of
// opening its port and answering 500.
export async function register() {
  // A literal the bundler replaces at build time, so the edge bundle drops the Node-only start below
  // (behind a function call it kept it, and the build failed on argon2 in the edge runtime).
  // eslint-disable-next-line no-restricted-properties -- a fact of the build, not configuration (lib/config/build.ts)
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer, startFailure } = await import('./lib/server/start');
  try {
    await startServer();
  } catch (e) {
    console.error(startFailure(e));
    process.exit(1);
  }
}
