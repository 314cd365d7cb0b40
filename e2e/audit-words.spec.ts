import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { DEMO, expect, screen, signIn, test } from './fixtures';

/**
 * Issue 33: the owner reads yesterday's changes in words. A share with hours and a lock setting
 * changed, then read in the audit log as sentences with the door, the person and the hours in the
 * door's zone; filtered by door in the URL; downloaded as CSV with the same words.
 */
test('the owner reads a change in the audit log in words, filters it by door and downloads it as CSV', async ({
  page,
}) => {
  await signIn(page, DEMO.owner, { to: '/organization/audit' });
  const origin = new URL(page.url()).origin;
  const details = (await (await page.request.get('/api/v37/my/device/details')).json()).result;
  const front = details.locks.find((l: any) => l.name === 'Front door');
  const back = details.locks.find((l: any) => l.name === 'Back door');
  const zone = 'Europe/Warsaw';
  const at = (h: number) =>
    DateTime.now().setZone(zone).set({ hour: h, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO();
  const nina = `nina.${Date.now()}@example.test`;
  const share = await page.request.post(`/api/v37/my/device/${front.id}/access`, {
    headers: { origin },
    data: {
      principalType: 0,
      userEmail: nina,
      accessLevel: 0,
      remoteAccessDisabled: false,
      weekDays: 31,
      dayStartTime: at(8),
      dayEndTime: at(17),
    },
  });
  expect(share.status()).toBeLessThan(300);
  const lock = (await (await page.request.get(`/api/v37/my/lock/${front.id}`)).json()).result;
  const delay = lock.deviceSettings.autoLockDelay as number;
  const settings = await page.request.patch('/api/v37/my/lock', {
    headers: { origin },
    data: { id: front.id, revision: lock.revision, deviceSettings: { autoLockDelay: delay + 30 } },
  });
  expect(settings.status()).toBe(200);

  await page.reload();
  const entries = page.getByRole('list', { name: 'Audit entries' });
  const shared = entries.getByTestId('audit-entry').filter({ hasText: nina });
  await expect(shared).toContainText(
    `Shared Front door with ${nina} as guest, Mon–Fri 08:00–17:00 Europe/Warsaw, remote opening allowed`,
  );
  await expect(shared).toContainText('by Olivia Owner');
  const changed = entries.getByTestId('audit-entry').filter({ hasText: 'Changed the settings of Front door' }).first();
  await expect(changed).toContainText(`Auto lock after: ${delay} s → ${delay + 30} s`);
  await expect(changed).toContainText(/Europe\/Warsaw/);
  await expect(page.getByRole('main')).not.toContainText(/weekDays|accessLevel|autoLockDelay|\d{4}-\d{2}-\d{2}T/);
  await screen(page, 'audit-words-1280');

  // by door, in the URL: another door's log has none of it; back to the front door, it is there
  await page.getByLabel('Door').selectOption({ label: 'Back door' });
  await expect(page).toHaveURL(new RegExp(`door=${back.id}`));
  await expect(page.getByText(nina)).toHaveCount(0);
  await page.getByLabel('Door').selectOption({ label: 'Front door' });
  await expect(page).toHaveURL(new RegExp(`door=${front.id}`));
  await expect(shared).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Door')).toHaveValue(String(front.id));
  await expect(shared).toBeVisible();

  // the CSV: the same entries in the same words
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download these entries as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('id,date_utc,local_time,time_zone,by,via,client_address,action,door,what,changes');
  expect(lines.every((l, i) => i === 0 || l.includes('Front door'))).toBe(true);
  expect(csv).toContain(
    `"Shared Front door with ${nina} as guest, Mon–Fri 08:00–17:00 Europe/Warsaw, remote opening allowed (invitation sent)"`,
  );
  expect(csv).toContain(`Auto lock after: ${delay} s → ${delay + 30} s`);

  // a person's log: what was done to them
  await page.goto(`/organization/audit?person=${encodeURIComponent(nina)}`);
  await expect(entries.getByTestId('audit-entry')).toHaveCount(1);
  await expect(page.getByLabel('Person (by or about)')).toHaveValue(nina);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/organization/audit?door=${front.id}`);
  await expect(shared).toBeVisible();
  await screen(page, 'audit-words-390');
});
