// What the site's pages show and take besides the paper: FAQ answers, testimonials,
// offer banners and contact messages.
import type { ColumnType, Generated } from 'kysely';

export interface FaqTable {
  id: Generated<number>;
  brand: string;
  question: string;
  /** HTML as the editors wrote it; sanitised on the way out (marketing/answer-html.ts). */
  answer: string;
  /** The desk's order (migration 0020); null follows the placed ones, in id order. */
  position: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TestimonialTable {
  id: Generated<number>;
  brand: string;
  name: string;
  message: string;
  role: string;
  /** Site path of the reader's photo; null shows the default avatar. */
  photo: string | null;
}

export interface DiscountBannerTable {
  id: Generated<number>;
  brand: string;
  /** An editor's off switch for an offer whose window has not ended. */
  is_active: Generated<boolean>;
  banner_text: string;
  banner_subtext: string;
  start_at: Date;
  expiry_at: Date;
}

export type ContactMailStatus = 'pending' | 'sent' | 'failed';

export interface ContactMessageTable {
  id: Generated<number>;
  brand: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  client_ip: string;
  created_at: Date;
  mail_status: ColumnType<ContactMailStatus, ContactMailStatus | undefined, ContactMailStatus>;
  mail_attempts: Generated<number>;
  /** When the e-mail may be tried (again); while one server sends, its claim holds this ahead. */
  next_attempt_at: Date;
  mailed_at: Date | null;
  last_error: string | null;
  /** Where the desk's inbox has it (migration 0019). */
  status: ColumnType<ContactInboxStatus, ContactInboxStatus | undefined, ContactInboxStatus>;
}

export type ContactInboxStatus = 'new' | 'answered' | 'closed';
export type ContactReplyMail = 'sending' | 'sent' | 'failed';

/** A reply staff e-mailed a reader from the desk's inbox (migration 0019). */
export interface ContactReplyTable {
  id: Generated<number>;
  message_id: number;
  staff_id: string | null;
  /** The staff member's e-mail at the time. */
  staff_email: string;
  body: string;
  sent_at: Date;
  mail_status: ColumnType<ContactReplyMail, ContactReplyMail | undefined, ContactReplyMail>;
  mail_error: string | null;
}
