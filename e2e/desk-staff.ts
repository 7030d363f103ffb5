import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { authenticatorCode } from './totp.ts';

// The staff accounts the e2e server starts with: playwright.config.ts runs
// `npm run staff -- add` with them before the server, as a publisher would.
export const DESK_ADMIN = 'desk.admin@example.com';
export const NIGHT_EDITOR = 'night.editor@example.com';
export const SUPPORT_AGENT = 'support.agent@example.com';
/**
 * The business desk's admin (business-day.spec.ts): not DESK_ADMIN, whose first
 * sign-in desk.spec.ts walks (a code sent to one address earlier in the run would be
 * taken for the newest while the next is on its way).
 */
export const BUSINESS_ADMIN = 'business.admin@example.com';

/** The English server's drop folder (DROP_DIR), beside its data folder. */
export function dropFolderOf(dataDir: string): string {
  return `${dataDir}-drop`;
}

/**
 * Gives the desk its second factor for a staff member who signed in: sets the
 * authenticator up the first time (keeping its key beside the drop folder, so a
 * retried test can answer again), or gives the code of the key kept.
 */
const keptKey = (email: string) =>
  path.join(`${process.env.E2E_DROP_DIR ?? os.tmpdir()}-keys`, email);

/** Keeps an authenticator key set up by a test, for giveSecondFactor on a retry. */
export async function keepKey(email: string, key: string): Promise<void> {
  await mkdir(path.dirname(keptKey(email)), { recursive: true });
  await writeFile(keptKey(email), key);
}

export async function giveSecondFactor(page: Page, email: string): Promise<void> {
  const kept = keptKey(email);
  const setUp = page.getByRole('button', { name: 'Show the QR code' });
  const open = page.getByRole('button', { name: 'Open the desk' });
  await expect(setUp.or(open)).toBeVisible();
  if (await setUp.isVisible()) {
    await setUp.click();
    const key = (await page.getByTestId('totp-key').textContent()) ?? '';
    await keepKey(email, key);
    await page
      .getByRole('textbox', { name: 'Code from your authenticator app' })
      .fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Finish set-up' }).click();
  } else {
    const key = await readFile(kept, 'utf8');
    await page
      .getByRole('textbox', { name: 'Code from your authenticator app' })
      .fill(authenticatorCode(key));
    await open.click();
  }
  // The first tab a role opens differs (support has no edition board).
  await expect(page.getByRole('tablist', { name: 'Desk' })).toBeVisible();
}
