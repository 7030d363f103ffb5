// Per-brand reader preferences (spec 1 §3 "User preferences", §4 "Welcome popup"):
// the preferred edition, checked against the brand's catalogue, and whether the
// welcome popup may still show (it may until the reader closes it).
import type { Brand, Preferences } from '@folio/core';
import type { EditionService } from '../editions/service.ts';
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
    };
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
