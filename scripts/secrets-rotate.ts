// `npm run secrets:rotate`: re-encrypts every stored secret (PIN values and hashes, link tokens,
// webhook secrets, the certificate-signing key) under APP_SECRET, reading the old ones with
// APP_SECRET_PREVIOUS. Run it once every server runs with the new APP_SECRET and the old one as
// APP_SECRET_PREVIOUS, then drop APP_SECRET_PREVIOUS (docs/security.md, "Deployment"). Safe to run
// while the servers serve, and again. Exits 1 when something could not be read.
import { closeDb, getDb } from '../db/client';
import { ensureSecrets } from '../lib/crypto/config';
import { describeRotation, rotateSecrets } from '../lib/crypto/rotate';

async function main() {
  ensureSecrets();
  const report = await rotateSecrets(await getDb());
  await closeDb();
  console.log(`${describeRotation(report)}.`);
  if (Object.values(report.unreadable).some(Boolean)) process.exit(1);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
