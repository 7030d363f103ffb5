// A night at the desk (issue 26 part 13): an editor signs in with the second factor,
// sets the edition's page count and sends tomorrow's 8 pages with page 5 missing and
// page 3 blank; the board shows the gap; released now, the gate refuses and says
// why; page 5 and a corrected page 3 (v2) come through the drop folder; the editor
// fixes a box of the front page in the zoning editor and makes the edition the free
// one, so a visitor may open that page; the edition waits for 06:00; the development
// clock moves a day on and a reader sees the corrected pages and box; the audit log
// lists every step.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, isoToCompact } from '@folio/core';
import { blankPagePdf, generateDemoEdition } from '@folio/ingest';
import { enterCode, latestCode } from './auth-helpers.ts';
import { seriousViolations } from './axe.ts';
import { NIGHT_EDITOR, giveSecondFactor } from './desk-staff.ts';
import { siteConfig } from './helpers.ts';

/** An edition readers do not land on, so the rest of the run is undisturbed. */
const EDITION = 5;
const EDITION_NAME = 'Mangaluru';

test.use({ bypassCSP: true });

const FIXED_TITLE = 'Night desk fixed this headline';

test('a night at the desk: gaps refused, corrections dropped in, a box fixed, released at 06:00', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
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
    pageCount: 8,
    outDir: work,
  });
  const pdf = async (n: number) => readFile(made.files[n - 1] ?? '');
  const name = (n: number, version = 1) =>
    `DH_${isoToCompact(tomorrow)}_${EDITION}_P${String(n).padStart(2, '0')}${version > 1 ? `_v${version}` : ''}.pdf`;
  // Every page but 5, and page 3 blank.
  const files: { name: string; mimeType: string; buffer: Buffer }[] = [];
  for (const n of [1, 2, 3, 4, 6, 7, 8])
    files.push({
      name: name(n),
      mimeType: 'application/pdf',
      buffer: n === 3 ? blankPagePdf() : await pdf(n),
    });

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

  // The edition has eight pages.
  await page.getByRole('tab', { name: 'Editions' }).click();
  await page.getByLabel(`Pages of ${EDITION_NAME}`).fill('8');
  await page.getByLabel(`Pages of ${EDITION_NAME}`).press('Enter');
  await expect(page.getByLabel(`Pages of ${EDITION_NAME}`)).toHaveValue('8');

  // Seven pages from the browser, and one the rule refuses.
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
  await expect(cell).toHaveText('Receiving · 7 of 8 pages');
  await cell.click();
  await page.getByRole('button', { name: 'Release now' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The gate refused this edition' });
  await expect(refused).toContainText('Page 5 missing.', { timeout: 90_000 });
  await expect(refused).toContainText('Page 3 is blank.');
  await expect(cell).toHaveText(/^Failed/);

  // Page 5 and a corrected page 3 through the drop folder.
  const drop = process.env.E2E_DROP_DIR ?? '';
  await writeFile(path.join(drop, name(5)), await pdf(5));
  await writeFile(path.join(drop, name(3, 2)), await pdf(3));
  await expect(cell).toHaveText('Scheduled · 8 pages · for 6 AM', { timeout: 120_000 });
  await expect(page.getByRole('table', { name: /Processing report/ })).toContainText('v2');

  // The front page's first article box, fixed in the zoning editor: moved right by
  // the arrow key and given a title.
  const zoningUrl = `/api/desk/editions/dh/${EDITION}/${tomorrow}/pages/1/zoning`;
  const opened = (await (await page.request.get(zoningUrl)).json()) as {
    articles: { box: { left: number } }[];
  };
  const leftBefore = opened.articles[0]?.box.left ?? 0;
  await page.getByRole('button', { name: 'Edit boxes of page 1' }).click();
  const editor = page.getByRole('region', { name: 'Boxes of page 1' });
  const box = editor.getByRole('button', { name: /^Article 1:/ });
  await box.focus();
  await box.press('ArrowRight');
  await editor.getByLabel('Title of the selected article').fill(FIXED_TITLE);
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({
    timeout: 30_000,
  });

  // Tonight's edition is the free one, so a visitor may open its front page; it goes
  // back to the brand's own at the end, whatever happens.
  await page.getByRole('tab', { name: 'Editions' }).click();
  try {
    await page
      .getByRole('combobox', { name: /^Free edition/ })
      .selectOption({ label: `Karnataka: ${EDITION_NAME}` });
    await expect(page.getByRole('combobox', { name: /^Free edition/ })).toHaveValue(
      String(EDITION),
    );

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
      const { sections } = (await edition.json()) as {
        sections: { pages: { locked: boolean; articles: { title: string; left: number }[] }[] }[];
      };
      const pages = sections.flatMap((section) => section.pages);
      expect(pages).toHaveLength(8);
      // The fixed box, open to a visitor on the free edition's front page.
      expect(pages[0]?.locked).toBe(false);
      const fixed = pages[0]?.articles.find((article) => article.title === FIXED_TITLE);
      expect(fixed?.left).toBeCloseTo(leftBefore + 0.5, 1);
      const visitor = await browser.newPage();
      await visitor.goto(`${origin}/?date=${tomorrow}&edition=${EDITION}`);
      await expect(
        visitor.getByRole('list', { name: 'Articles on this page' }).getByLabel(FIXED_TITLE),
      ).toBeAttached();
      // The corrected page 3 on the reader's screen (drawn locked for a visitor).
      await visitor.goto(`${origin}/?date=${tomorrow}&edition=${EDITION}&page=2`);
      await expect(visitor.locator('main figure img').first()).toBeVisible();
      await visitor.close();
    } finally {
      await request.put('/api/dev/clock', { data: { offsetDays: 0 }, headers: { origin } });
    }

    // The audit log has the night.
    await page.goto('/desk?tab=audit');
    const log = page.getByRole('table', { name: 'Desk actions, newest first' });
    for (const action of [
      'edition.release',
      'page.receive',
      'page.refuse',
      'edition.change',
      'page.zoning',
      'brand.change',
    ])
      await expect(log).toContainText(action);
  } finally {
    const back = await page.request.patch('/api/desk/brands/dh', {
      data: { freeEdition: 2 },
      headers: { origin },
    });
    expect(back.ok(), await back.text()).toBe(true);
  }
});
