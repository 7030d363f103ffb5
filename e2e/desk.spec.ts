// The desk in the browser (issue 26 parts 1, 2, 3, 11): the first admin, made by
// `npm run staff` before the server started (playwright.config.ts), signs in with
// an e-mail code, sets up the authenticator and opens the console; the board shows
// today's editions live; a holiday added there reaches readers at once and the
// audit log lists every step. A reader who opens /desk is refused.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { checkLayout } from './layout-check.ts';
import { enterCode, latestCode, signUpByPhone } from './auth-helpers.ts';
import { DESK_ADMIN, giveSecondFactor, keepKey } from './desk-staff.ts';
import { authenticatorCode } from './totp.ts';

test.use({ bypassCSP: true });

test('the first admin opens the desk with a code and the authenticator app', async ({
  page,
  request,
}) => {
  await page.goto('/desk');
  await expect(page.getByText('Sign in to open the desk.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByPlaceholder('Enter email id').fill(DESK_ADMIN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await latestCode(request, DESK_ADMIN));
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(
    page.getByRole('button', { name: /Show the QR code|Open the desk/ }).or(finish),
  ).toBeVisible();
  if (await finish.isVisible()) await finish.click();
  await expect(page).toHaveURL(/\/desk$/);

  if (await page.getByRole('button', { name: 'Open the desk' }).isVisible()) {
    // A retry: the authenticator was set up by the first attempt.
    await giveSecondFactor(page, DESK_ADMIN);
  } else {
    await page.getByRole('button', { name: 'Show the QR code' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const key = (await page.getByTestId('totp-key').textContent()) ?? '';
    await keepKey(DESK_ADMIN, key);
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('000000');
    await page.getByRole('button', { name: 'Finish set-up' }).click();
    if (authenticatorCode(key) !== '000000')
      await expect(page.getByRole('alert')).toHaveText(
        'That code is not right. Try the newest one.',
      );
    await page
      .getByRole('textbox', { name: 'Code from your authenticator app' })
      .fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Finish set-up' }).click();
  }

  // The board: today's editions are live.
  await expect(page.getByRole('tab', { name: 'Edition board' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const board = page.getByRole('table', { name: "Editions by date, with each one's state" });
  await expect(board.locator('td[data-state="live"]').first()).toBeVisible();
  // Tomorrow's row: each edition not in yet, or (the demo schedules it after midnight) waiting for 6 AM.
  const tomorrowCells = board.getByRole('row').nth(1).locator('td');
  await expect(tomorrowCells.first()).toHaveText(/^(Missing|Scheduled · \d+ pages · for 6 AM)$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A holiday five days ahead (no demo paper, no demo holiday there): readers asking
  // for that date get its message at once, and nothing once it is removed.
  await page.getByRole('tab', { name: 'Holidays' }).click();
  const date = await page.evaluate(() =>
    new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  );
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Message readers see').fill('No paper today: the press rests.');
  await page.getByRole('button', { name: 'Add holiday' }).click();
  await expect(page.getByText(`${date} — No paper today: the press rests.`)).toBeVisible();
  const popup = await request.get(`/api/pop-up/by-date?publisher=DH&date=${date}`);
  expect(await popup.json()).toEqual([
    { date, holiday_message: 'No paper today: the press rests.' },
  ]);
  await page.getByRole('button', { name: `Remove the holiday on ${date}` }).click();
  await expect(page.getByText(`${date} — No paper today: the press rests.`)).toHaveCount(0);
  expect(await (await request.get(`/api/pop-up/by-date?publisher=DH&date=${date}`)).json()).toEqual(
    [],
  );

  // A new group with an edition reaches the reader's edition list; retired, it leaves it.
  const group = `Desk ${Date.now() % 1_000_000}`;
  const readerGroups = async () =>
    (
      (await (await request.get('/api/epaper/editions?publisher=DH')).json()) as {
        parent_edition: string;
      }[]
    ).map((g) => g.parent_edition);
  await page.getByRole('tab', { name: 'Editions' }).click();
  await page.getByLabel('New group').fill(group);
  await page.getByLabel('New group').press('Enter');
  await page.getByLabel(`New edition in ${group}`).fill('Hubballi');
  await page.getByLabel(`New edition in ${group}`).press('Enter');
  await expect(
    page
      .getByRole('region', { name: `Group ${group}` })
      .getByRole('button', { name: 'Retire edition Hubballi' }),
  ).toBeVisible();
  expect(await readerGroups()).toContain(group);
  await page.getByRole('button', { name: `Retire group ${group}` }).click();
  await expect(page.getByRole('button', { name: `Restore group ${group}` })).toBeVisible();
  expect(await readerGroups()).not.toContain(group);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Desk actions, newest first' });
  const actions = [
    'edition-group.change',
    'edition.add',
    'edition-group.add',
    'holiday.remove',
    'holiday.add',
    // The first attempt set the authenticator up; a retry signs in with it.
    /second-factor\.set-up|desk\.sign-in/,
  ];
  for (const [index, action] of actions.entries())
    await expect(log.getByRole('row').nth(index + 1)).toContainText(action);
  await expect(log).toContainText('staff.add');
  expect(await seriousViolations(page)).toEqual([]);

  // On a tablet (either way up) and a laptop, every tab fits the screen: nothing cut
  // off, nothing past its width, no control under another.
  const faults: string[] = [];
  for (const size of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const tab of [
      'Edition board',
      'Send pages',
      'Editions',
      'Holidays',
      'Audit log',
      'Staff',
      'Messages',
      'Offers',
      'Plans',
      'Subscribers',
      'Figures',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
      const report = await checkLayout(page);
      faults.push(...report.faults.map((fault) => `${size.width} px, ${tab}: ${fault}`));
      if (size.width === 768)
        faults.push(...(await seriousViolations(page)).map((v) => `${tab}: ${v}`));
    }
  }
  expect(faults).toEqual([]);
});

test('a reader who opens /desk is refused, and the console never loaded for them', async ({
  page,
  request,
}) => {
  await signUpByPhone(page, request);
  await page.goto('/desk');
  await expect(page.getByText("This page is for the publisher's staff.")).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Edition board' })).toHaveCount(0);
  for (const path of ['/api/desk/board', '/api/desk/audit', '/api/desk/staff']) {
    const answer = await page.request.get(path);
    expect([path, answer.status()]).toEqual([path, 403]);
  }
});
