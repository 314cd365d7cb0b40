import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DEMO, expect, screen, signIn, switchUser, test } from './fixtures';

/** The story of a webhook: created in the portal, its secret copied once, a test event seen arriving, retried, deleted. */
interface Got {
  headers: Record<string, string>;
  body: string;
}

async function receiver(status: () => number) {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(status()).end(status() < 300 ? 'thanks' : 'try later');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/e2e-${Date.now()}`;
  return { got, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test.describe('Settings > Webhooks', () => {
  test('create a webhook, keep its secret, send a test event, see it delivered, redeliver, delete', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    let answer = 200;
    const rx = await receiver(() => answer);
    try {
      await signIn(page, DEMO.owner, { to: '/settings/webhooks' });
      await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create webhook' }).first()).toBeVisible();
      await screen(page, 'webhooks-start');

      await page.getByRole('button', { name: 'Create webhook' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create a webhook' });
      await dialog.getByLabel('Endpoint URL').fill('not a url');
      await dialog.getByRole('checkbox', { name: /Battery level changed/ }).uncheck();
      await dialog.getByRole('button', { name: 'Create webhook' }).click();
      await expect(dialog.getByText('Enter a full URL, starting with https://')).toBeVisible();
      // the server refuses private addresses and says why
      await dialog.getByLabel('Endpoint URL').fill('http://10.0.0.7/hook');
      await dialog.getByRole('button', { name: 'Create webhook' }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'private, loopback, link-local or reserved' }),
      ).toBeVisible();
      await dialog.getByLabel('Endpoint URL').fill(rx.url);
      await screen(page, 'webhooks-create');
      await dialog.getByRole('button', { name: 'Create webhook' }).click();

      const shown = page.getByRole('dialog', { name: "Your webhook's signing secret" });
      await expect(shown.getByText("you won't see it again")).toBeVisible();
      const secret = await shown.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole('button', { name: 'Copy secret' }).click();
      await expect(shown.getByText('Copied to the clipboard')).toBeVisible();
      await screen(page, 'webhooks-secret');
      await shown.getByRole('button', { name: 'I have copied it' }).click();

      const item = page.getByRole('listitem').filter({ hasText: rx.url });
      await expect(item.getByText('Enabled')).toBeVisible();
      await expect(item).toContainText(
        'Connection changed · Settings changed · Lock status changed · Bell button pressed',
      );
      await expect(page.getByText(secret)).toHaveCount(0);

      await item.getByRole('button', { name: `Deliveries of ${rx.url}` }).click();
      await expect(page.getByText('No deliveries yet')).toBeVisible();
      await page.getByRole('button', { name: 'Send test event' }).first().click();
      const deliveries = page.getByRole('list', { name: 'Deliveries' });
      await expect(
        deliveries.getByRole('listitem').filter({ hasText: 'Test event' }).getByText('Delivered'),
      ).toBeVisible();
      expect(rx.got).toHaveLength(1);
      expect(new Webhook(secret).verify(rx.got[0].body, rx.got[0].headers)).toMatchObject({ event: 'webhook-test' });

      // the endpoint starts failing: a redelivery shows the retry, with the answer it got
      answer = 503;
      await deliveries.getByRole('button', { name: /^Redeliver Test event/ }).click();
      await expect(deliveries.getByText(/^Retrying/)).toBeVisible();
      await deliveries.getByText('2 attempts').click();
      await expect(deliveries.getByText(/HTTP 503/)).toBeVisible();
      await expect(deliveries.getByText('try later')).toBeVisible();
      expect(rx.got[1].headers['webhook-id']).toBe(rx.got[0].headers['webhook-id']);
      await screen(page, 'webhooks-deliveries');

      await item.getByRole('button', { name: `Disable ${rx.url}` }).click();
      await expect(item.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(item.getByRole('button', { name: `Enable ${rx.url}` })).toBeEnabled();
      await page.setViewportSize({ width: 390, height: 844 });
      await screen(page, 'webhooks-phone');
      await page.setViewportSize({ width: 1280, height: 900 });

      await item.getByRole('button', { name: `Delete ${rx.url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await expect(confirm).toContainText('cannot be undone');
      await confirm.getByRole('button', { name: 'Delete webhook' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: rx.url })).toHaveCount(0);
    } finally {
      await rx.close();
    }
  });

  test("an organization administrator manages the organization's webhooks; a member sees only their own", async ({
    page,
  }) => {
    const rx = await receiver(() => 200);
    try {
      await signIn(page, DEMO.admin, { to: '/settings/webhooks' });
      const owner = page.getByLabel('Webhooks of');
      await owner.selectOption({ label: 'Demo Property Management (organization)' });
      await expect(page).toHaveURL(/[?&]org=\d+/);
      await page.getByRole('button', { name: 'Create webhook' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create a webhook' });
      await dialog.getByLabel('Endpoint URL').fill(rx.url);
      await dialog.getByRole('button', { name: 'Create webhook' }).click();
      await page
        .getByRole('dialog', { name: "Your webhook's signing secret" })
        .getByRole('button', { name: 'I have copied it' })
        .click();
      const item = page.getByRole('listitem').filter({ hasText: rx.url });
      await item.getByRole('button', { name: `Deliveries of ${rx.url}` }).click();
      await page.getByRole('button', { name: 'Send test event' }).first().click();
      await expect(page.getByRole('list', { name: 'Deliveries' }).getByText('Delivered')).toBeVisible();
      expect(rx.got).toHaveLength(1);
      // back to the admin's own webhooks: the organization's is not among them
      await owner.selectOption({ label: 'You' });
      await expect(page.getByRole('listitem').filter({ hasText: rx.url })).toHaveCount(0);
      await screen(page, 'webhooks-org-admin');

      await switchUser(page, DEMO.member, { to: '/settings/webhooks' });
      await expect(page.getByRole('button', { name: 'Create webhook' }).first()).toBeVisible();
      await expect(page.getByLabel('Webhooks of')).toHaveCount(0);
    } finally {
      await rx.close();
    }
  });

  test("a bell pressed at the door reaches the owner's endpoint through the server's own worker", async ({
    page,
    baseURL,
  }) => {
    const rx = await receiver(() => 200);
    try {
      await signIn(page, DEMO.owner, { to: '/settings/webhooks' });
      const headers = { origin: baseURL! };
      const made = await page.request.post('/api/v37/my/webhook', {
        headers,
        data: { url: rx.url, events: ['bell-button-pressed'] },
      });
      expect(made.status()).toBe(201);
      const { secret } = (await made.json()).result;
      const locks = (await (await page.request.get('/api/v37/my/lock')).json()).result as Array<{
        id: number;
        name: string;
        isConnected: boolean | null;
      }>;
      const lock = locks.find((l) => l.isConnected)!;
      // the simulator's control plane: someone rings at the door
      expect(
        (await page.request.post(`/api/sim/device/${lock.id}`, { headers, data: { action: 'bell' } })).status(),
      ).toBe(200);
      await expect.poll(() => rx.got.length, { timeout: 15_000 }).toBe(1);
      const msg = new Webhook(secret).verify(rx.got[0].body, rx.got[0].headers) as {
        event: string;
        data: { deviceId: number };
      };
      expect(msg).toMatchObject({ event: 'bell-button-pressed', data: { deviceId: lock.id } });

      await page.reload();
      await page.getByRole('button', { name: `Deliveries of ${rx.url}` }).click();
      await expect(
        page
          .getByRole('list', { name: 'Deliveries' })
          .getByRole('listitem')
          .filter({ hasText: 'Bell button pressed' })
          .getByText('Delivered'),
      ).toBeVisible();
    } finally {
      await rx.close();
    }
  });
});
