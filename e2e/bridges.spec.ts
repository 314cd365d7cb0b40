import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, screen, signIn } from './fixtures';
import { childEnv, E2E } from './env';

/**
 * Organization > Bridges (issue 31): the owner adds a bridge on the property's network by the
 * address and token the Tedee app shows, picks and names its locks, and opens one of them from
 * the portal; the lock's state is what the bridge's callback reported. The bridge is a virtual
 * one in a process of its own (`npm run bridge`), reached over HTTP like a real one.
 */
const port = E2E.port + 550;
const token = `e2e-${Math.random().toString(36).slice(2, 12)}`;
let bridge: ChildProcess | undefined;

const listening = (p: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(p, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

test.beforeAll(async () => {
  bridge = spawn(path.join('node_modules', '.bin', 'tsx'), ['scripts/bridge.ts', '--port', String(port), '--quiet'], {
    env: childEnv({ VIRTUAL_BRIDGE_TOKEN: token, SIM_COMMAND_MS: '600' }),
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error(`the virtual bridge on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(() => {
  bridge?.kill();
});

test('the owner adds a bridge by its address and token, names its locks, and opens one from the portal', async ({
  page,
}) => {
  await signIn(page, DEMO.owner, { to: '/organization/bridges' });
  await expect(page.getByRole('heading', { name: 'Bridges' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add a bridge' }).first().click();
  const dialog = page.getByRole('dialog');
  // a wrong token is refused in words a person can act on, and nothing is added
  await dialog.getByLabel('Address').fill(`127.0.0.1:${port}`);
  await dialog.getByLabel('API token').fill('not-the-token');
  await dialog.getByRole('button', { name: 'Check the bridge' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/token/i);
  await dialog.getByLabel('API token').fill(token);
  await dialog.getByRole('button', { name: 'Check the bridge' }).click();
  await expect(dialog.getByText(`Virtual bridge ${port}`)).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Name of the bridge').fill('Annex bridge');
  // every lock it has is offered, checked; the owner leaves the back door for later
  await expect(dialog.getByLabel(`VL-${port}-1`)).toBeChecked();
  await dialog.getByLabel(`VL-${port}-2`).uncheck();
  await dialog.getByLabel('Name of lock 1').fill('Annex door');
  await screen(page, 'bridges-add-checked');
  await dialog.getByRole('button', { name: 'Add the bridge and one lock' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  const list = page.getByRole('list', { name: 'Bridges' });
  const row = list.getByRole('listitem').filter({ hasText: 'Annex bridge' });
  await expect(row).toContainText('Connected');
  await expect(row.getByRole('link', { name: 'Annex door' })).toBeVisible();
  await screen(page, 'bridges-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'bridges-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // its lock opens from the portal: the state shown is the one its bridge reported
  await row.getByRole('link', { name: 'Annex door' }).click();
  await expect(page.getByRole('heading', { name: 'Annex door' }).first()).toBeVisible();
  await expect(page.getByLabel('Lock state')).toHaveText(/Locked/);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unlocked' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Lock state')).toHaveText('Unlocked');
  await screen(page, 'bridges-lock-unlocked');
});
