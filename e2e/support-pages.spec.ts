// The FAQs and the legal page as a reader meets them, on a phone (412 px) and a
// desktop: the publisher's questions with one answer open at a time, and the
// Terms & Conditions and Privacy Policy tabs, the tab kept in the address so a
// reload or a shared link opens the same one. (contact.spec.ts sends the form.)
import { expect, test } from '@playwright/test';
import { faqsSchema } from '@folio/core';
import { siteConfig, SCREENS } from './helpers.ts';

/** Text of an answer's HTML as a reader sees it: tags gone, spaces folded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("reads the publisher's FAQs, one answer open at a time", async ({ page }) => {
      const config = await siteConfig(page.request);
      const res = await page.request.get(`/api/faqs?publisher=${config.publisher}`);
      expect(res.ok()).toBe(true);
      const [first, second] = faqsSchema.parse(await res.json());
      if (!first || !second) throw new Error('the demo publisher has fewer than two FAQs');

      await page.goto('/faqs');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
      ).toBeVisible();
      const question = (text: string) => page.getByRole('button', { name: text, exact: true });
      await expect(question(first.question)).toHaveAttribute('aria-expanded', 'false');
      await question(first.question).click();
      await expect(question(first.question)).toHaveAttribute('aria-expanded', 'true');
      const answer = page.getByRole('region', { name: first.question, exact: true });
      await expect(answer).toContainText(textOf(first.answer).slice(0, 40));

      await question(second.question).click();
      await expect(question(second.question)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: second.question, exact: true })).toContainText(
        textOf(second.answer).slice(0, 40),
      );
      await expect(question(first.question)).toHaveAttribute('aria-expanded', 'false');
      await expect(answer).toBeHidden();
    });

    test('reads the Terms & Conditions, then the Privacy Policy, which a reload keeps', async ({
      page,
    }) => {
      await page.goto('/legal-and-privacy-policy');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Legal and Privacy Policy' }),
      ).toBeVisible();
      const terms = page.getByRole('tab', { name: 'Terms & Conditions' });
      const privacy = page.getByRole('tab', { name: 'Privacy Policy' });
      await expect(terms).toHaveAttribute('aria-selected', 'true');
      await expect(
        page.getByRole('tabpanel').getByRole('heading', { level: 2, name: 'Terms & Conditions' }),
      ).toBeVisible();

      await privacy.click();
      await expect(page).toHaveURL(/[?&]tab=privacy\b/);
      await expect(privacy).toHaveAttribute('aria-selected', 'true');
      const privacyHeading = page
        .getByRole('tabpanel')
        .getByRole('heading', { level: 2, name: 'Privacy Policy' });
      await expect(privacyHeading).toBeVisible();
      await page.reload();
      await expect(privacyHeading).toBeVisible();
      await expect(privacy).toHaveAttribute('aria-selected', 'true');

      // A tab the page does not have opens the terms.
      await page.goto('/legal-and-privacy-policy?tab=cookies');
      await expect(terms).toHaveAttribute('aria-selected', 'true');
    });
  });
}
