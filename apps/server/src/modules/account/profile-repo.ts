// What a reader keeps on their account besides identity: per-brand preferences
// (preferred edition, welcome popup, reading position) and marketing consent.
import type { ReadingPosition } from '@folio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface PreferencesRow {
  preferredEditionNumber: number | null;
  welcomePopupEnabled: boolean;
  readingPosition: ReadingPosition | null;
}

export interface MarketingRow {
  receiveMarketing: boolean;
  dhTopNews: boolean | null;
  newsletterEmail: string | null;
}

export class ProfileRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async findPreferences(userId: string, brand: string): Promise<PreferencesRow | undefined> {
    const row = await this.db
      .selectFrom('user_preferences')
      .select([
        'preferred_edition_number',
        'welcome_popup_enabled',
        'position_date',
        'position_edition_number',
        'position_page',
      ])
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .executeTakeFirst();
    return (
      row && {
        preferredEditionNumber: row.preferred_edition_number,
        welcomePopupEnabled: row.welcome_popup_enabled,
        readingPosition:
          row.position_date !== null &&
          row.position_edition_number !== null &&
          row.position_page !== null
            ? {
                date: row.position_date,
                edition: row.position_edition_number,
                page: row.position_page,
              }
            : null,
      }
    );
  }

  /** Keeps the reader's place on the brand; the last write wins. */
  async saveReadingPosition(
    userId: string,
    brand: string,
    position: ReadingPosition,
  ): Promise<void> {
    const values = {
      position_date: position.date,
      position_edition_number: position.edition,
      position_page: position.page,
      position_updated_at: new Date(),
    };
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, brand, ...values })
      .onConflict((oc) =>
        oc.columns(['user_id', 'brand']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }

  async savePreferredEdition(userId: string, brand: string, editionNumber: number): Promise<void> {
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, brand, preferred_edition_number: editionNumber })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'brand'])
          .doUpdateSet({ preferred_edition_number: editionNumber, updated_at: new Date() }),
      )
      .execute();
  }

  async disableWelcomePopup(userId: string, brand: string): Promise<void> {
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, brand, welcome_popup_enabled: false })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'brand'])
          .doUpdateSet({ welcome_popup_enabled: false, updated_at: new Date() }),
      )
      .execute();
  }

  async findMarketing(userId: string): Promise<MarketingRow | undefined> {
    const row = await this.db
      .selectFrom('user_marketing')
      .select(['receive_marketing', 'dh_top_news', 'newsletter_email'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        receiveMarketing: row.receive_marketing,
        dhTopNews: row.dh_top_news,
        newsletterEmail: row.newsletter_email,
      }
    );
  }

  async saveMarketing(userId: string, marketing: MarketingRow): Promise<void> {
    const values = {
      receive_marketing: marketing.receiveMarketing,
      dh_top_news: marketing.dhTopNews,
      newsletter_email: marketing.newsletterEmail,
    };
    await this.db
      .insertInto('user_marketing')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
  }
}
