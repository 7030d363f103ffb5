// The contact page as a reader meets it, on a phone (412 px) and a desktop: the
// spec's words for each field as they type, Send Message off until the form is
// valid, then the notice, a cleared form and the way back to the paper after 3 s.
// The message reaches the editorial address (the development outbox stands in
// for the mail server on a fresh `npm start`).
import { expect, test } from '@playwright/test';
import { BRANDS, outboxMessageSchema } from '@folio/core';
import { siteConfig, SCREENS } from './helpers.ts';

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a reader sees each error, sends a message to the editors and is taken back to the paper', async ({
      page,
      request,
    }) => {
      const editorial = BRANDS[(await siteConfig(request)).brand].editorial.email;
      const words = `Page 4 misspells the mayor's name (${size.name}, ${Date.now()}).`;
      await page.goto('/contact');
      await expect(page.getByRole('heading', { name: 'Contact Our Editorial Team' })).toBeVisible();
      await expect(page.getByRole('link', { name: editorial })).toHaveAttribute(
        'href',
        `mailto:${editorial}`,
      );
      const send = page.getByRole('button', { name: 'Send Message' });
      await expect(send).toBeDisabled();

      const name = page.getByLabel('Name');
      await name.fill('A');
      await expect(page.getByText('Please enter a valid name')).toBeVisible();
      await name.fill('');
      await expect(page.getByText('Field is empty')).toBeVisible();
      await name.fill('Asha Rao');
      await expect(page.getByText('Field is empty')).toBeHidden();

      const email = page.getByLabel('Email');
      await email.focus();
      await email.blur();
      await expect(page.getByText('Email is required')).toBeVisible();
      await email.fill('asha@paper');
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await email.fill('asha@paper.in');
      await expect(page.getByText('Please enter a valid email address')).toBeHidden();

      const subject = page.getByLabel('Subject');
      await subject.focus();
      await subject.blur();
      await expect(page.getByText('No option selected')).toBeVisible();
      await subject.selectOption('Report a Correction');
      await expect(page.getByText('No option selected')).toBeHidden();

      const message = page.getByLabel('Message');
      await message.fill('Too short');
      await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();
      await expect(send).toBeDisabled();
      await message.fill('');
      await expect(page.getByText('Please enter a message')).toBeVisible();
      await message.fill(words);
      await expect(page.getByText('Please enter a message')).toBeHidden();

      await expect(send).toBeEnabled();
      await send.click();
      await expect(page.getByText('Message sent successfully!')).toBeVisible();
      await expect(name).toHaveValue('');
      await expect(message).toHaveValue('');
      await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

      const outbox = outboxMessageSchema
        .array()
        .parse(await (await request.get('/api/dev/outbox')).json());
      const mail = outbox.find((m) => m.text.includes(words));
      expect(mail?.to).toBe(editorial);
      expect(mail?.subject).toBe('Contact form: Report a Correction (from Asha Rao)');
    });
  });
}
