// What the site's pages show and take besides the paper: FAQ answers, testimonials,
// offer banners and contact messages.
import type { ColumnType, Generated } from 'kysely';

export interface FaqTable {
  id: Generated<number>;
  brand: string;
  question: string;
  /** HTML as the editors wrote it; sanitised on the way out (marketing/answer-html.ts). */
  answer: string;
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
}
