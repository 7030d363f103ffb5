// The e-mail an editor receives for one contact form message: to the brand's
// editorial address, with a reply going straight to the reader who wrote.
import { BRANDS, MAIN_BRAND, isBrandCode } from '@folio/core';
import type { OutgoingMessage } from '../messaging/index.ts';
import type { ContactMessageRow } from './repo.ts';

export function editorialMail(row: ContactMessageRow): OutgoingMessage {
  const brand = BRANDS[isBrandCode(row.brand) ? row.brand : MAIN_BRAND];
  return {
    channel: 'email',
    to: brand.editorial.email,
    replyTo: row.email,
    subject: `Contact form: ${row.subject} (from ${row.name})`,
    text: [
      `A reader wrote to the ${brand.name} editorial team from the contact page.`,
      '',
      `Name: ${row.name}`,
      `Email: ${row.email}`,
      `Subject: ${row.subject}`,
      `Received: ${row.created_at.toISOString()} (message ${row.id})`,
      '',
      row.message,
      '',
      '— Reply to this e-mail to answer the reader.',
    ].join('\n'),
  };
}
