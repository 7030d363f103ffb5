// Per-brand reader preferences (spec 1 §3 "User preferences", §4 "Welcome popup"):
// the preferred edition, checked against the brand's catalogue, and whether the
// welcome popup may still show (it may until the reader closes it), and the
// reader's last place, so another device resumes there.
import {
  READING_POSITION_MESSAGES,
  type Brand,
  type Preferences,
  type ReadingPosition,
} from '@folio/core';
import { BadRequestError } from '../../errors.ts';
import type { EditionService } from '../editions/index.ts';
import type { ProfileRepo } from './profile-repo.ts';

export class PreferencesService {
  constructor(
    private readonly profiles: ProfileRepo,
    private readonly editions: EditionService,
  ) {}

  async get(userId: string, brand: Brand): Promise<Preferences> {
    const row = await this.profiles.findPreferences(userId, brand.id);
    return {
      preferredEditionId: row?.preferredEditionNumber ?? null,
      welcome_popup_enabled: row?.welcomePopupEnabled ?? true,
      readingPosition: row?.readingPosition ?? null,
    };
  }

  /**
   * Keeps where the reader is; the last write wins. Refuses (400) a date after
   * the latest edition date (the schema already refused one before the archive)
   * and an edition number the brand does not have. The page is not checked
   * against the edition's pages: the issue may not be published yet or may be
   * re-published with fewer, and the reader clamps the page when it resumes.
   */
  async setReadingPosition(
    userId: string,
    brand: Brand,
    position: ReadingPosition,
  ): Promise<Preferences> {
    if (position.date > this.editions.latestDate())
      throw new BadRequestError(READING_POSITION_MESSAGES.badDate);
    await this.editions.requireEdition(brand, position.edition);
    await this.profiles.saveReadingPosition(userId, brand.id, position);
    return this.get(userId, brand);
  }

  /** Refuses (400) an edition number the brand does not have. */
  async setPreferredEdition(
    userId: string,
    brand: Brand,
    editionNumber: number,
  ): Promise<Preferences> {
    await this.editions.requireEdition(brand, editionNumber);
    await this.profiles.savePreferredEdition(userId, brand.id, editionNumber);
    return this.get(userId, brand);
  }

  async disableWelcomePopup(userId: string, brand: Brand): Promise<void> {
    await this.profiles.disableWelcomePopup(userId, brand.id);
  }
}
