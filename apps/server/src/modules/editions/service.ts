// Reading rules for published editions: what exists, for which date, and how a
// stored issue becomes the spec's e-paper data (spec 1 §3, §7).
import {
  BRANDS,
  BRAND_CODES,
  MESSAGES,
  addDays,
  editionToday,
  formatReleaseTime,
  isIsoDate,
  type AvailableDates,
  type Brand,
  type BrandCode,
  type EditionGroup,
  type EpaperData,
  type HolidayPopup,
  type Page,
  type Section,
} from '@folio/core';
import {
  DESK_MESSAGES,
  type BrandChoicesChange,
  type CatalogueChange,
  type DeskCatalogue,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import { isUniqueViolation } from '../auth/index.ts';
import { mediaUrl } from '../media/index.ts';
import type { BrandChoices, BrandSettings } from './brand-settings.ts';
import { wallClock, zonedInstant } from './zoned-time.ts';
import { DEFAULT_CATALOGUE } from './catalogue.ts';
import type { IssueContentRows, IssueRepo } from './issue-repo.ts';
import type { EditionRepo } from './repo.ts';

export class EditionService {
  private latest = { minute: Number.NaN, date: '' };

  constructor(
    private readonly editions: EditionRepo,
    private readonly issues: IssueRepo,
    private readonly siteBrand: BrandCode,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly settings: BrandSettings,
  ) {}

  /** The instant the publisher's clocks show `time` (HH:MM) on `date`. */
  publisherInstant(date: string, time: string): Date {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return zonedInstant(date, hour, minute, this.timeZone);
  }

  /** The publisher's clock at an instant, as HH:MM and as readers read it ("7:15 AM"). */
  publisherClock(at: Date): { time: string; text: string } {
    const { hour, minute } = wallClock(at, this.timeZone);
    return {
      time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      text: formatReleaseTime({ releaseTime: { hour, minute } }),
    };
  }

  /** What the desk chose for the brand: its free edition and the gate's tolerance. */
  choices(brand: BrandCode): BrandChoices {
    return this.settings.of(brand);
  }

  /**
   * The latest date anything may be served for: today's edition from 06:00 in the
   * publisher's zone (spec 1 §4), so a reader can never open a future edition.
   */
  latestDate(): string {
    // Worked out once a minute rather than per request (Intl is slow): the 06:00
    // day start falls on a whole minute in every time zone in use.
    const ms = this.now().getTime();
    const minute = Math.floor(ms / 60_000);
    if (minute !== this.latest.minute)
      this.latest = { minute, date: editionToday(new Date(ms), this.timeZone) };
    return this.latest.date;
  }

  /** The issue a reader opening the site lands on: the site brand's default edition on the latest date. */
  landingIssue(): { brand: BrandCode; date: string; editionNumber: number } {
    const brand = BRANDS[this.siteBrand];
    return { brand: brand.id, date: this.latestDate(), editionNumber: brand.defaultEdition };
  }

  /** Throws the spec's "No Edition Available" for a date after the latest servable one. */
  requireServableDate(date: string): void {
    if (date > this.latestDate()) throw new NotFoundError(MESSAGES.noEditionAvailable);
  }

  /** Gives every brand that has no editions yet the default catalogue (first start). */
  async ensureCatalogue(): Promise<BrandCode[]> {
    const created: BrandCode[] = [];
    for (const brand of BRAND_CODES) {
      if ((await this.editions.countEditions(brand)) > 0) continue;
      await this.editions.insertCatalogue(brand, DEFAULT_CATALOGUE[brand]);
      created.push(brand);
    }
    return created;
  }

  async listEditions(brand: Brand): Promise<EditionGroup[]> {
    const groups: EditionGroup[] = [];
    for (const row of await this.editions.listEditions(brand.id)) {
      let group = groups.at(-1);
      if (group?.parent_edition !== row.parent_edition) {
        group = { parent_edition: row.parent_edition, editions: [] };
        groups.push(group);
      }
      group.editions.push({
        id: row.id,
        edition_number: row.edition_number,
        edition_name: row.edition_name,
      });
    }
    return groups;
  }

  /** Throws BadRequestError naming the edition when the brand has no such edition. */
  async requireEdition(brand: Brand, editionNumber: number) {
    const edition = await this.editions.findEdition(brand.id, editionNumber);
    if (!edition)
      throw new BadRequestError(MESSAGES.unknownEdition(editionNumber, brand.publisher));
    return edition;
  }

  async epaperData(query: {
    brand: Brand;
    date: string;
    editionNumber: number;
  }): Promise<EpaperData> {
    const edition = await this.requireEdition(query.brand, query.editionNumber);
    this.requireServableDate(query.date);
    const content = await this.issues.findIssueContent({
      brand: query.brand.id,
      editionId: edition.id,
      date: query.date,
    });
    const shape = {
      date: query.date,
      edition: {
        id: edition.id,
        edition_number: edition.edition_number,
        edition_name: edition.edition_name,
      },
    };
    if (!content || content.pages.length === 0) {
      // A holiday is the publisher's word that no paper came out, not a missing
      // resource: the day answers with no pages (spec 1 §4 "page load failed with
      // no pages"), and the reader shows the holiday notice without an error.
      if (await this.editions.findHoliday(query.brand.id, query.date))
        return { ...shape, data_url_suffix: '', html_url_suffix: '', sections: [] };
      throw new NotFoundError(MESSAGES.noEditionAvailable);
    }
    const base = mediaUrl(content.mediaPrefix);
    return {
      ...shape,
      data_url_suffix: base,
      html_url_suffix: base,
      sections: toSections(content, base),
    };
  }

  /**
   * Every day of the month up to the latest servable date, with whether any
   * edition exists and whether the publisher left a holiday notice for it.
   */
  async availableDates(query: {
    brand: Brand;
    month: number;
    year: number;
  }): Promise<AvailableDates> {
    const first = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
    const monthEnd = addDays(addDays(first, 32).slice(0, 8) + '01', -1);
    const latest = this.latestDate();
    const last = monthEnd < latest ? monthEnd : latest;
    if (first > last) return { dates: [] };
    const [published, holidays] = await Promise.all([
      this.editions.issueDates(query.brand.id, first, last).then((days) => new Set(days)),
      this.editions.holidayDates(query.brand.id, first, last).then((days) => new Set(days)),
    ]);
    const dates: AvailableDates['dates'] = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      dates.push({ date, hasData: published.has(date), holiday: holidays.has(date) });
    }
    return { dates };
  }

  /** The holiday notice for a date, as the spec's one-element list, or an empty list. */
  async holidayPopup(query: { brand: Brand | undefined; date: string }): Promise<HolidayPopup> {
    const brand = query.brand ?? BRANDS[this.siteBrand];
    const holiday = await this.editions.findHoliday(brand.id, query.date);
    return holiday ? [{ date: query.date, holiday_message: holiday.message }] : [];
  }

  async markHoliday(brand: BrandCode, date: string, message: string): Promise<void> {
    if (!isIsoDate(date)) throw new BadRequestError(MESSAGES.badDate(date));
    if (message.trim() === '') throw new BadRequestError('A holiday needs a message');
    await this.editions.upsertHoliday(brand, date, message);
  }

  /** The brand's holidays from a week ago on (the desk's list). */
  async holidays(brand: BrandCode): Promise<{ date: string; message: string }[]> {
    return this.editions.listHolidays(brand, addDays(this.latestDate(), -7));
  }

  /** Removes a holiday; the message it had, or undefined when the day was not one. */
  async removeHoliday(brand: BrandCode, date: string): Promise<string | undefined> {
    return this.editions.deleteHoliday(brand, date);
  }

  /** An edition's name, page count and whether it is retired; undefined when there is none. */
  async findEditionFacts(brand: BrandCode, editionNumber: number) {
    const row = await this.editions.findEdition(brand, editionNumber);
    return (
      row && {
        name: row.edition_name,
        pageCount: row.page_count,
        retired: row.retired_at !== null,
      }
    );
  }

  /** Every group and edition of the brand, retired ones too (the desk's catalogue). */
  async deskCatalogue(brand: BrandCode): Promise<DeskCatalogue> {
    const { groups, editions } = await this.editions.catalogue(brand);
    return {
      brand,
      defaultEdition: BRANDS[brand].defaultEdition,
      ...this.settings.of(brand),
      groups: groups.map((g) => ({
        id: g.id,
        name: g.parent_edition,
        retired: g.retired_at !== null,
        editions: editions
          .filter((e) => e.group_id === g.id)
          .map((e) => ({
            number: e.edition_number,
            name: e.edition_name,
            retired: e.retired_at !== null,
            pages: e.page_count,
          })),
      })),
    };
  }

  /**
   * Chooses the brand's free edition (one readers can open: neither it nor its group
   * retired) or the gate's missing-page tolerance; what they were and are.
   */
  async chooseForBrand(brand: BrandCode, change: BrandChoicesChange) {
    const catalogue = await this.deskCatalogue(brand);
    if (change.freeEdition !== undefined) {
      const open = catalogue.groups
        .filter((g) => !g.retired)
        .flatMap((g) => g.editions)
        .some((e) => e.number === change.freeEdition && !e.retired);
      if (!open) throw new BadRequestError(DESK_MESSAGES.freeEditionInvalid);
    }
    const before = this.settings.of(brand);
    const after = await this.settings.change(brand, change, this.now());
    return { before, after };
  }

  async addGroup(brand: BrandCode, name: string): Promise<number> {
    try {
      return await this.editions.insertGroup(brand, name);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(DESK_MESSAGES.groupNameTaken);
      throw error;
    }
  }

  /** Renames, moves, retires or restores a group; what it was and what it is. */
  async changeGroup(brand: BrandCode, id: number, change: CatalogueChange) {
    const catalogue = await this.deskCatalogue(brand);
    const index = catalogue.groups.findIndex((g) => g.id === id);
    const group = catalogue.groups[index];
    if (!group) throw new NotFoundError(DESK_MESSAGES.groupNotFound);
    if (change.retired === true) staysOpen(catalogue, group.editions);
    try {
      await this.editions.updateGroup(id, {
        ...(change.name === undefined ? {} : { parent_edition: change.name }),
        ...(change.retired === undefined ? {} : { retired_at: change.retired ? this.now() : null }),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(DESK_MESSAGES.groupNameTaken);
      throw error;
    }
    if (change.move)
      await this.editions.orderGroups(
        moved(
          catalogue.groups.map((g) => g.id),
          index,
          change.move,
        ),
      );
    const before = { name: group.name, retired: group.retired, place: index + 1 };
    return { before, after: await this.groupFacts(brand, id) };
  }

  private async groupFacts(brand: BrandCode, id: number) {
    const { groups } = await this.deskCatalogue(brand);
    const index = groups.findIndex((g) => g.id === id);
    const group = groups[index];
    return group && { name: group.name, retired: group.retired, place: index + 1 };
  }

  async addEdition(brand: BrandCode, groupId: number, name: string): Promise<number> {
    const group = await this.editions.findGroupById(groupId);
    if (group?.brand !== brand) throw new NotFoundError(DESK_MESSAGES.groupNotFound);
    return this.editions.insertEdition(brand, groupId, name);
  }

  /** Renames, moves (within its group), retires or restores an edition; before and after. */
  async changeEdition(brand: BrandCode, editionNumber: number, change: CatalogueChange) {
    const catalogue = await this.deskCatalogue(brand);
    const group = catalogue.groups.find((g) => g.editions.some((e) => e.number === editionNumber));
    const index = group?.editions.findIndex((e) => e.number === editionNumber) ?? -1;
    const edition = group?.editions[index];
    if (!group || !edition) throw new NotFoundError(DESK_MESSAGES.editionNotFound);
    if (change.retired === true) staysOpen(catalogue, [edition]);
    await this.editions.updateEdition(brand, editionNumber, {
      ...(change.name === undefined ? {} : { edition_name: change.name }),
      ...(change.pages === undefined ? {} : { page_count: change.pages }),
      ...(change.retired === undefined ? {} : { retired_at: change.retired ? this.now() : null }),
    });
    if (change.move)
      await this.editions.orderEditions(
        brand,
        moved(
          group.editions.map((e) => e.number),
          index,
          change.move,
        ),
      );
    const after = (await this.deskCatalogue(brand)).groups
      .flatMap((g) => g.editions.map((e, i) => ({ ...e, place: i + 1 })))
      .find((e) => e.number === editionNumber);
    return {
      before: {
        name: edition.name,
        retired: edition.retired,
        place: index + 1,
        pages: edition.pages,
      },
      after: after && {
        name: after.name,
        retired: after.retired,
        place: after.place,
        pages: after.pages,
      },
    };
  }

  /** The brand's editions and, for each date of [from, to], what was published and the holidays. */
  async boardFacts(brand: BrandCode, from: string, to: string) {
    const [editions, issues, holidays] = await Promise.all([
      this.editions.listEditions(brand),
      this.editions.issueSummaries(brand, from, to),
      this.editions.holidayDates(brand, from, to),
    ]);
    return {
      editions: editions.map((e) => ({
        number: e.edition_number,
        name: e.edition_name,
        group: e.parent_edition,
      })),
      issues,
      holidays,
    };
  }
}

/** Pages in page order, grouped into sections in the order each section first appears. */
function toSections(content: IssueContentRows, base: string): Section[] {
  const sections: Section[] = [];
  for (const page of content.pages) {
    const shaped: Page = {
      displayName: page.display_name,
      name: page.name,
      pageNo: page.page_no,
      image: `${base}${page.img_file}`,
      imgFile: page.img_file,
      zoomFile: page.zoom_file,
      imgThumbFile: page.thumb_file,
      imgPreviewFile: page.preview_file,
      pdfFile: page.pdf_file,
      width: page.width,
      height: page.height,
      articles: content.articles
        .filter((a) => a.page_id === page.id)
        .map((a) => ({
          id: a.id,
          htmlFile: a.html_file,
          title: a.title,
          top: a.top,
          left: a.left,
          width: a.width,
          height: a.height,
        })),
      ads: content.ads
        .filter((ad) => ad.page_id === page.id)
        .map((ad) => ({
          id: ad.id,
          imgFile: ad.img_file,
          top: ad.top,
          left: ad.left,
          width: ad.width,
          height: ad.height,
        })),
      locked: false,
    };
    const section = sections.find((s) => s.name === page.section);
    if (section) section.pages.push(shaped);
    else sections.push({ name: page.section, pages: [shaped] });
  }
  return sections;
}

/** `items` with the one at `index` moved one place up or down (unchanged at either end). */
function moved<T>(items: T[], index: number, move: 'up' | 'down'): T[] {
  const to = move === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

/** The edition readers open first and the free one are never retired, alone or with their group. */
function staysOpen(catalogue: DeskCatalogue, editions: { number: number }[]): void {
  if (editions.some((e) => e.number === catalogue.defaultEdition))
    throw new ConflictError(DESK_MESSAGES.defaultEditionStays);
  if (editions.some((e) => e.number === catalogue.freeEdition))
    throw new ConflictError(DESK_MESSAGES.freeEditionStays);
}
