// A night at the desk (issue 26 part 13, on a four-page edition): an editor signs in
// with the second factor, sets the edition's page count and sends tomorrow's pages
// with page 4 missing and page 3 blank; the board shows the gap; released now, the
// gate refuses and says why; page 4 and a corrected page 3 (v2) come through the
// drop folder; the edition waits for 06:00; the development clock moves a day on
// and a reader sees the corrected edition; the audit log lists every step.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, isoToCompact } from '@folio/core';
import { blankPagePdf, generateDemoEdition } from '@folio/ingest';
import { enterCode, latestCode } from './auth-helpers.ts';
import { NIGHT_EDITOR, giveSecondFactor } from './desk-staff.ts';
import { siteConfig } from './helpers.ts';

/** An edition readers do not land on, so the rest of the run is undisturbed. */
const EDITION = 5;
const EDITION_NAME = 'Mangaluru';

test('a night at the desk: gaps refused, corrections dropped in, released at 06:00', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  // The paper the desk works on tonight: the day after the latest one readers have
  // (between midnight and 06:00 that is today's calendar date).
  const { today } = await siteConfig(request);
  const tomorrow = addDays(today, 1);
  const work = await mkdtemp(path.join(os.tmpdir(), 'folio-night-'));
  const made = await generateDemoEdition({
    brand: 'dh',
    date: tomorrow,
    editionNumber: EDITION,
    editionName: EDITION_NAME,
    pageCount: 4,
    outDir: work,
  });
  const name = (n: number, version = 1) =>
    `DH_${isoToCompact(tomorrow)}_${EDITION}_P${String(n).padStart(2, '0')}${version > 1 ? `_v${version}` : ''}.pdf`;
  const files: { name: string; mimeType: string; buffer: Buffer }[] = [
    { name: name(1), mimeType: 'application/pdf', buffer: await readFile(made.files[0] ?? '') },
    { name: name(2), mimeType: 'application/pdf', buffer: await readFile(made.files[1] ?? '') },
    { name: name(3), mimeType: 'application/pdf', buffer: blankPagePdf() },
  ];

  // Sign in with a code, then the authenticator.
  await page.goto('/auth?redirectUrl=%2Fdesk');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByPlaceholder('Enter email id').fill(NIGHT_EDITOR);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await latestCode(request, NIGHT_EDITOR));
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(
    page.getByRole('button', { name: /Show the QR code|Open the desk/ }).or(finish),
  ).toBeVisible();
  if (await finish.isVisible()) await finish.click();
  await giveSecondFactor(page, NIGHT_EDITOR);

  // The edition has four pages.
  await page.getByRole('tab', { name: 'Editions' }).click();
  await page.getByLabel(`Pages of ${EDITION_NAME}`).fill('4');
  await page.getByLabel(`Pages of ${EDITION_NAME}`).press('Enter');
  await expect(page.getByLabel(`Pages of ${EDITION_NAME}`)).toHaveValue('4');

  // Pages 1-3 from the browser, and one the rule refuses.
  await page.getByRole('tab', { name: 'Send pages' }).click();
  await page.getByLabel('Page files').setInputFiles([
    ...files,
    {
      name: 'front.pdf',
      mimeType: 'application/pdf',
      buffer: files[0]?.buffer ?? Buffer.alloc(0),
    },
  ]);
  const sent = page.getByRole('list', { name: 'Pages sent' });
  for (const file of files)
    await expect(sent.getByRole('listitem').filter({ hasText: file.name })).toContainText('Taken');
  await expect(sent.getByRole('listitem').filter({ hasText: 'front.pdf' })).toContainText(
    'does not follow',
  );

  // The board shows the gap; released now, the gate refuses and says why.
  await page.getByRole('tab', { name: 'Edition board' }).click();
  const cell = page.getByRole('button', { name: new RegExp(`^${EDITION_NAME} ${tomorrow}:`) });
  await expect(cell).toHaveText('Receiving · 3 of 4 pages');
  await cell.click();
  await page.getByRole('button', { name: 'Release now' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The gate refused this edition' });
  await expect(refused).toContainText('Page 4 missing.', { timeout: 60_000 });
  await expect(refused).toContainText('Page 3 is blank.');
  await expect(cell).toHaveText(/^Failed/);

  // Page 4 and a corrected page 3 through the drop folder.
  const drop = process.env.E2E_DROP_DIR ?? '';
  await writeFile(path.join(drop, name(4)), await readFile(made.files[3] ?? ''));
  await writeFile(path.join(drop, name(3, 2)), await readFile(made.files[2] ?? ''));
  await expect(cell).toHaveText('Scheduled · 4 pages · for 6 AM', { timeout: 90_000 });
  await expect(page.getByRole('table', { name: /Processing report/ })).toContainText('v2');

  // 06:00 comes (the development clock a day on): readers get the corrected edition.
  const before = await request.get(
    `/api/epaper/data?publisher=DH&date=${isoToCompact(tomorrow)}&edition=${EDITION}`,
  );
  expect(before.status()).toBe(404);
  try {
    const moved = await request.put('/api/dev/clock', {
      data: { offsetDays: 1 },
      headers: { origin },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    const edition = await request.get(
      `/api/epaper/data?publisher=DH&date=${isoToCompact(tomorrow)}&edition=${EDITION}`,
    );
    expect(edition.status()).toBe(200);
    const { sections } = (await edition.json()) as { sections: { pages: unknown[] }[] };
    expect(sections.flatMap((section) => section.pages)).toHaveLength(4);
    // The corrected page 3 on the reader's screen (drawn locked for a reader without a plan).
    await page.goto(`/?date=${tomorrow}&edition=${EDITION}&page=2`);
    await expect(page.locator('main figure img').first()).toBeVisible();
  } finally {
    await request.put('/api/dev/clock', { data: { offsetDays: 0 }, headers: { origin } });
  }

  // The audit log has the night.
  await page.goto('/desk?tab=audit');
  const log = page.getByRole('table', { name: 'Desk actions, newest first' });
  for (const action of ['edition.release', 'page.receive', 'page.refuse', 'edition.change'])
    await expect(log).toContainText(action);
});
