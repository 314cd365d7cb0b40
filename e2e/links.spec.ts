import { DateTime } from 'luxon';
import { DEMO, expect, MAILBOX_PAGE, mailText, screen, signIn, test } from './fixtures';

/**
 * The access-link story: an administrator creates a link in the portal, a guest without an
 * account opens a gate with it on a phone, the administrator sees the opening in the activity;
 * an expired link refuses.
 */
test.describe('Organization > Access links', () => {
  test('create a link, open the gate as a signed-out guest, see it in the activity', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, DEMO.admin, { to: '/organization/access-links' });
    await expect(page.getByRole('heading', { name: 'Access links' })).toBeVisible();
    await page.getByRole('button', { name: 'New access link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New access link' });
    // nothing chosen: the form says what is missing and sends nothing
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByText('Enter a name')).toBeVisible();
    await expect(dialog.getByText('Choose at least one door.')).toBeVisible();

    const name = `Plumber ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Message for guests').fill('x'.repeat(73));
    await expect(dialog.getByText('At most 72 characters (now 73).')).toBeVisible();
    await dialog.getByLabel('Message for guests').fill('Welcome! The gate opens for you today.');
    await dialog.getByLabel('Find doors to add').fill('gate');
    await dialog.getByRole('button', { name: 'Add Main gate' }).click();
    await dialog.getByLabel('Find doors to add').fill('Front');
    await dialog.getByRole('button', { name: 'Add Front door' }).click();
    await dialog.getByRole('button', { name: 'Move Front door up' }).click();
    await expect(
      dialog.getByRole('list', { name: 'Chosen doors, in order' }).getByRole('listitem').first(),
    ).toContainText('Front door');
    await expect(dialog.getByText('From (Europe/Warsaw)')).toBeVisible();
    await screen(page, 'links-create');
    await dialog.getByRole('button', { name: 'Create link' }).click();

    const created = page.getByRole('dialog', { name: 'Link created' });
    const url = await created.getByLabel('Link URL').inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}/link/[\\w-]{43}$`));
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Front door, Main gate');
    await expect(row).toContainText('Active');
    await screen(page, 'links-list');

    // a guest on a phone, never signed in
    const guestCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestCtx.newPage();
    // the guest's page asks the service only for what it shows: nothing of sign-in or sessions
    const asked: string[] = [];
    guest.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const res = await guest.goto(url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    expect(res?.headers()['cache-control']).toContain('no-store');
    await expect(guest.getByRole('heading', { name: 'Welcome! The gate opens for you today.' })).toBeVisible();
    await expect(guest.getByText('Valid now')).toBeVisible();
    await expect(guest.getByText(name)).toHaveCount(0); // the name is for administrators
    const doors = guest.getByRole('listitem');
    await expect(doors.nth(0)).toContainText('Front door');
    await expect(doors.nth(1)).toContainText('Main gate');
    await guest.getByRole('button', { name: 'Open Main gate' }).click();
    await expect(guest.getByRole('button', { name: 'Open Main gate' })).toHaveText('Opening…');
    await expect(doors.nth(1).getByRole('status')).toHaveText('Opened', { timeout: 20_000 });
    await screen(guest, 'links-guest-phone');
    // a return to the tab asks nothing either
    await guest.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await guest.waitForLoadState('networkidle');
    expect(asked.filter((p) => p.startsWith('/api/auth'))).toEqual([]);
    await guestCtx.close();

    // the administrator sees the opening in the gate's activity
    const orgs = await (await page.request.get('/api/v37/organization')).json();
    const list = await (
      await page.request.get(
        `/api/v37/organization/${orgs.result.organizations[0].id}/accesslink?filters.LinkName=${encodeURIComponent(name)}`,
      )
    ).json();
    const gateId = list.result.items[0].devices.find((d: { name: string }) => d.name === 'Main gate').id;
    await page.goto(`/devices/${gateId}/activity`);
    const entries = page.getByRole('list', { name: 'Activity entries' });
    await expect(entries.getByRole('listitem').first()).toContainText('Gate opened through an access link');
    await expect(entries.getByRole('listitem').first()).toContainText('Link');
    await screen(page, 'links-activity');
  });

  test('a link with daily hours tells the guest when it works and opens nothing outside them', async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO.owner, { to: '/organization/access-links' });
    await page.getByRole('button', { name: 'New access link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New access link' });
    const name = `Evening cleaners ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Message for guests').fill('Cleaning crew, evenings only');
    await dialog.getByLabel('Find doors to add').fill('gate');
    await dialog.getByRole('button', { name: 'Add Main gate' }).click();
    // a one-hour window three hours from now at the door: never now
    // (read once: the minute may turn while a slow machine runs the rest of the test)
    const hm = (h: number) => DateTime.now().setZone('Europe/Warsaw').plus({ hours: h }).toFormat('HH:mm');
    const [from, until] = [hm(3), hm(4)];
    await dialog.getByLabel('Each day from').fill(from);
    await dialog.getByLabel('Each day until').fill(until);
    await screen(page, 'links-create-hours');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await page.getByRole('dialog', { name: 'Link created' }).getByLabel('Link URL').inputValue();
    await page.getByRole('dialog', { name: 'Link created' }).getByRole('button', { name: 'Done' }).click();
    // a window past midnight reads "every day 23:05 to 00:05 next day"
    const hours = `every day ${from}(?:–| to )${until}(?: next day)? Warsaw time`;
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(new RegExp(hours));

    const guestCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestCtx.newPage();
    await guest.goto(url);
    await expect(guest.getByText(new RegExp(`Opens ${hours}`))).toBeVisible();
    await expect(guest.getByText('Outside its hours now')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Open Main gate' })).toBeDisabled();
    await expect(
      guest.getByText(/^This link opens Main gate every day .+ Warsaw time; it is \w+day \d\d:\d\d there\.$/),
    ).toBeVisible();
    await screen(guest, 'links-guest-outside-hours');
    await guestCtx.close();
  });

  test('an expired link refuses; an unknown link is not found', async ({ page, browser }) => {
    await signIn(page, DEMO.owner, { to: '/organization/access-links' });
    const orgs = await (await page.request.get('/api/v37/organization')).json();
    const orgId = orgs.result.organizations[0].id;
    const devices = await (
      await page.request.get(`/api/v37/organization/${orgId}/accesslink/device/assignable?filters.DeviceName=Main gate`)
    ).json();
    const made = await page.request.post(`/api/v37/organization/${orgId}/accesslink`, {
      headers: { origin: new URL(page.url()).origin },
      data: {
        name: `Expired ${Date.now()}`,
        description: 'Last week only',
        devicesIds: [devices.result.accessLinkDevices[0].deviceId],
        repeatEvent: {
          startDate: new Date(Date.now() - 8 * 86_400_000).toISOString(),
          endDate: new Date(Date.now() - 86_400_000).toISOString(),
        },
      },
    });
    expect(made.status()).toBe(201);
    const { url } = (await made.json()).result;
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Last week only' })).toContainText('Expired');

    const guestCtx = await browser.newContext();
    const guest = await guestCtx.newPage();
    await guest.goto(url);
    // an expired link shows nothing of itself: no message, doors or dates
    await expect(guest.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(guest.getByText('Last week only')).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Open Main gate' })).toHaveCount(0);
    await screen(guest, 'link-expired-guest');
    const token = url.split('/link/')[1];
    const refused = await guest.request.post(
      `/api/v37/link/${token}/device/${devices.result.accessLinkDevices[0].deviceId}/open`,
    );
    expect(refused.status()).toBe(410);
    expect((await refused.json()).errorMessages[0]).toContain('expired');
    // the page is one file for every link: the link's read says it is unknown, and the page says so
    const asked = guest.waitForResponse((r) => r.url().endsWith(`/link/${'Z'.repeat(43)}/page`));
    await guest.goto(url.replace(/\/link\/.*/, `/link/${'Z'.repeat(43)}`));
    expect((await asked).status()).toBe(404);
    await expect(guest.getByRole('heading', { name: 'Link not found' })).toBeVisible();
    await expect(guest.getByText('This link has expired')).toHaveCount(0);
    await guestCtx.close();
  });

  test("the server's refusal is said under the field it names and goes once that field is edited", async ({ page }) => {
    await signIn(page, DEMO.owner, { to: '/organization/access-links' });
    // a door that left the organization while the dialog was open: the first send carries an id the
    // server does not know, and the real server refuses it
    let sends = 0;
    await page.route('**/api/v37/organization/*/accesslink', (route) => {
      const r = route.request();
      if (r.method() !== 'POST' || sends++) return route.fallback();
      const body = r.postDataJSON() as { deviceIds: number[] };
      return route.fallback({ postData: JSON.stringify({ ...body, deviceIds: [...body.deviceIds, 999999999] }) });
    });
    await page.getByRole('button', { name: 'New access link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New access link' });
    const name = `Gone door ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Find doors to add').fill('gate');
    await dialog.getByRole('button', { name: 'Add Main gate' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const doors = dialog.getByRole('group', { name: /Doors/ });
    // under the doors, not above the form, not in the API's spelling, and a door by name where it has one
    await expect(doors).toHaveAccessibleDescription(
      /^A door that is no longer listed \(999999999\) cannot be assigned \(only locks and gates/,
    );
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByText('devicesIds')).toHaveCount(0);
    await screen(page, 'links-refused-door');
    // the doors change: their refusal goes, the name's field never had one
    await dialog.getByRole('button', { name: 'Remove Main gate' }).click();
    await expect(doors).not.toHaveAccessibleDescription(/cannot be assigned/);
    await dialog.getByLabel('Find doors to add').fill('gate');
    await dialog.getByRole('button', { name: 'Add Main gate' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByRole('dialog', { name: 'Link created' })).toBeVisible();
    expect(sends).toBe(2);
  });

  test('edit a link (only what changed is sent) and delete it, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.admin, { to: '/organization/access-links' });
    const orgs = await (await page.request.get('/api/v37/organization')).json();
    const orgId = orgs.result.organizations[0].id;
    const devices = await (
      await page.request.get(`/api/v37/organization/${orgId}/accesslink/device/assignable`)
    ).json();
    const name = `Painter ${Date.now()}`;
    const origin = { origin: new URL(page.url()).origin };
    const deviceIds = [devices.result.accessLinkDevices[0].deviceId];
    // an administrator's link needs an end: only the owner makes permanent ones
    const permanent = await page.request.post(`/api/v37/organization/${orgId}/accesslink`, {
      headers: origin,
      data: { name, description: 'Paint the hall', deviceIds },
    });
    expect(permanent.status()).toBe(403);
    const repeatEvent = {
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const made = await page.request.post(`/api/v37/organization/${orgId}/accesslink`, {
      headers: origin,
      data: { name, description: 'Paint the hall', deviceIds, repeatEvent },
    });
    const { id } = (await made.json()).result;
    await page.reload();
    await page.getByLabel('Search access links').fill('Painter');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Paint the hall');
    await screen(page, 'links-list-phone');

    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.postData() ?? ''));
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit access link' });
    await expect(dialog.getByText('only the organization owner can make a link without an end')).toBeVisible();
    await expect(dialog.getByLabel('Only during a time window (recommended)')).toHaveCount(0);
    await dialog.getByLabel('Message for guests').fill('Paint the hall, then lock up');
    await screen(page, 'links-edit-phone');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Paint the hall, then lock up');
    expect(patches.map((b) => JSON.parse(b))).toEqual([{ description: 'Paint the hall, then lock up' }]);

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete "${name}"?` });
    await expect(confirm).toContainText('stops working at once');
    await confirm.getByRole('button', { name: 'Delete link' }).click();
    await expect(page.getByText('No link matches')).toBeVisible();
    expect((await page.request.get(`/api/v37/organization/${orgId}/accesslink/${id}`)).status()).toBe(404);
  });
});

test.describe('Access links: sending and history', () => {
  test('an administrator mails a new link, the guest opens the gate from the mail, and the link history shows it and a refusal', async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO.admin, { to: '/organization/access-links' });
    await page.getByRole('button', { name: 'New access link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New access link' });
    const name = `Window cleaner ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Message for guests').fill('Windows on Thursday');
    await dialog.getByLabel('Find doors to add').fill('gate');
    await dialog.getByRole('button', { name: 'Add Main gate' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();

    // no uses yet: the history says so
    await page.getByRole('dialog', { name: 'Link created' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: `History of ${name}` }).click();
    const history = page.getByRole('dialog', { name: `History of "${name}"` });
    await expect(history.getByText('Not used yet')).toBeVisible();
    await history.getByRole('button', { name: 'Done' }).click();

    // send it: the address is checked before anything is sent
    await page.getByRole('button', { name: `Send ${name} by e-mail` }).click();
    const send = page.getByRole('dialog', { name: `Send "${name}" by e-mail` });
    const guestMail = `window-cleaner-${Date.now()}@example.test`;
    await send.getByLabel("Guest's e-mail").fill('window-cleaner');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(send.getByText('This is not an e-mail address (name@example.com).')).toBeVisible();
    await send.getByLabel("Guest's e-mail").fill(guestMail);
    await send.getByLabel('Your message (optional)').fill('The gate code changed, use this link on Thursday.');
    await screen(page, 'links-send');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(`Link sent to ${guestMail}`)).toBeVisible();
    await expect(send).toBeHidden();

    // the guest reads the mail (the demo's mailbox) on a phone and opens the gate from it
    const guestCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestCtx.newPage();
    if (MAILBOX_PAGE) {
      await guest.goto(`/mailbox?to=${encodeURIComponent(guestMail)}`);
      await expect(guest.getByRole('heading', { name: /Your access link/ })).toBeVisible();
      await expect(guest.getByText('writes: "The gate code changed, use this link on Thursday."')).toBeVisible();
      await screen(guest, 'links-send-mail-phone');
      await guest.getByRole('link', { name: /\/link\// }).click();
    } else {
      // no demo mailbox with DATABASE_URL: the mail as the outbox holds it
      const text = await mailText(page.request, guestMail);
      expect(text).toContain('writes: "The gate code changed, use this link on Thursday."');
      await guest.goto(/(https?:\/\/\S+\/link\/[A-Za-z0-9_-]+)/.exec(text)![1]);
    }
    await expect(guest.getByRole('heading', { name: 'Windows on Thursday' })).toBeVisible();
    await guest.getByRole('button', { name: 'Open Main gate' }).click();
    await expect(guest.getByRole('listitem').getByRole('status')).toHaveText('Opened', { timeout: 20_000 });

    // the demo's ended link, opened by a guest: refused
    const orgs = await (await page.request.get('/api/v37/organization')).json();
    const ended = (
      await (
        await page.request.get(
          `/api/v37/organization/${orgs.result.organizations[0].id}/accesslink?filters.LinkName=Open house`,
        )
      ).json()
    ).result.items[0];
    await guest.goto(ended.accessLinkUrl);
    await expect(guest.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await guestCtx.close();

    // the administrator sees the opening in the door's time, named
    await page.getByRole('button', { name: `History of ${name}` }).click();
    const uses = history.getByRole('list', { name: 'Uses of the link' }).getByRole('listitem');
    await expect(uses).toHaveCount(1);
    await expect(uses.first()).toContainText('Main gate');
    await expect(uses.first()).toContainText('Opened');
    await expect(uses.first()).toContainText('(Europe/Warsaw)');
    await screen(page, 'links-history');
    // on a phone the same dialog fits: door, answer and time stacked
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(uses.first()).toContainText('The door confirmed it opened');
    await screen(page, 'links-history-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await history.getByRole('button', { name: 'Done' }).click();

    // and the refusal on the ended link, in words
    await page.getByLabel('Search access links').fill('Open house');
    const endedHistory = page.getByRole('dialog', { name: 'History of "Open house weekend"' });
    await page.getByRole('button', { name: 'History of Open house weekend' }).click();
    await expect(endedHistory.getByRole('listitem').first()).toContainText('Refused');
    await expect(endedHistory.getByRole('listitem').first()).toContainText('The link had expired');
    await expect(endedHistory.getByRole('listitem').first()).toContainText('Visit of the guest page');
    await screen(page, 'links-history-refused');
  });
});

test('the door picker warns an administrator, as it warns the owner, about a door behind a bridge they do not administer', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, { to: '/organization/access-links' });
  await page.getByRole('button', { name: 'New access link' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Find doors to add' }).fill('Garage');
  const item = dialog.getByRole('listitem').filter({ hasText: 'Garage side door' });
  await expect(item).toContainText('Its bridge is offline: nobody can open it from afar until the bridge is back.');
  await dialog.getByRole('searchbox', { name: 'Find doors to add' }).fill('Parking');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Parking barrier' })).toContainText(
    'Its gate system cannot reach it',
  );
  await dialog.getByRole('button', { name: 'Add Parking barrier' }).click();
  await dialog.getByRole('searchbox', { name: 'Find doors to add' }).fill('Main gate');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Main gate' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Main gate' })).not.toContainText('⚠');
  for (const [w, h] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await screen(page, `attention-link-picker-admin-${w}`);
  }
});
