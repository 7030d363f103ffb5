// Rules of saved articles (spec 2 §2 "Saved articles", §4 "Bookmark", §6): a reader
// saves an article the live edition has on a page their plan opens, and what is
// stored comes from the edition, not from the client (its title, box and paths
// are checked for shape and otherwise ignored). Each listed article says whether
// the reader's plan opens its page today, by the same policy as the page itself;
// a locked one is listed without an image, so its clip never leaves the server.
import {
  MAX_SAVED_DESCRIPTION_LENGTH,
  MESSAGES,
  SAVED_MESSAGES,
  type AccessDecision,
  type Brand,
  type Place,
  type SavedArticle,
  type savedArticleCreateSchema,
} from '@folio/core';
import type { z } from 'zod';
import { NotFoundError } from '../../errors.ts';
import type { AccessGate } from '../access/index.ts';
import type { EditionService } from '../editions/index.ts';
import { mediaUrl } from '../media/index.ts';
import type { SubscriptionService } from '../subscriptions/index.ts';
import type { LibraryRepo, SavedRowWithPlace } from './repo.ts';

type SaveRequest = z.output<typeof savedArticleCreateSchema>;

/** Characters of the article's text kept as the card's description (and searched). */
export const DESCRIPTION_CHARACTERS = 200;

/** The start of the article's text, cut at a word and marked as cut. */
export function excerptOf(text: string, characters = DESCRIPTION_CHARACTERS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= characters) return flat;
  const cut = flat.slice(0, characters);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > characters / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`.slice(
    0,
    MAX_SAVED_DESCRIPTION_LENGTH,
  );
}

export class LibraryService {
  constructor(
    private readonly repo: LibraryRepo,
    private readonly editions: EditionService,
    private readonly subscriptions: SubscriptionService,
    private readonly gate: AccessGate,
  ) {}

  async list(userId: string, brand: Brand): Promise<SavedArticle[]> {
    const [rows, entitlement] = await Promise.all([
      this.repo.list(userId, brand.id),
      this.subscriptions.entitlement(userId, brand),
    ]);
    const today = this.editions.latestDate();
    return rows.map((row) =>
      itemOf(row, (place) => this.gate.decide(entitlement, brand, place, today)),
    );
  }

  /**
   * Saves the article for the reader, or finds it already saved (a bookmark is
   * one per reader and article, so saving twice is not an error). Refuses an
   * edition, date, page or article the live edition does not have (400/404) and
   * a page the reader's plan does not open (403).
   */
  async save(
    userId: string,
    request: SaveRequest,
  ): Promise<{ item: SavedArticle; created: boolean }> {
    const brand = request.publisher_short_code;
    const data = await this.editions.epaperData({
      brand,
      date: request.edition_date,
      editionNumber: request.edition_number,
    });
    const page = data.sections.flatMap((section) => section.pages)[request.page_no];
    const article = page?.articles.find((candidate) => candidate.id === request.article_id);
    if (!page || !article) throw new NotFoundError(MESSAGES.articleNotFound);
    const entitlement = await this.subscriptions.entitlement(userId, brand);
    const place = {
      date: request.edition_date,
      editionNumber: request.edition_number,
      pageIndex: request.page_no,
    };
    await this.gate.admit(brand, place, entitlement);

    const created = await this.repo.insert({
      user_id: userId,
      brand: brand.id,
      article_id: article.id,
      edition_number: data.edition.edition_number,
      edition_name: data.edition.edition_name,
      edition_date: data.date,
      page_no: request.page_no,
      html_file: article.htmlFile,
      title: article.title,
      description: excerptOf((await this.repo.articleText(article.id)) ?? ''),
      top: article.top,
      left: article.left,
      width: article.width,
      height: article.height,
      page_width: page.width,
      page_height: page.height,
    });
    const item = (await this.list(userId, brand)).find((saved) => saved.article_id === article.id);
    // Only a delete racing this save can take the row away in between.
    if (!item) throw new NotFoundError(SAVED_MESSAGES.notFound);
    return { item, created };
  }

  /** Removes one of the reader's own saved articles; anyone else's id is "not found". */
  async remove(userId: string, brand: Brand, id: number): Promise<void> {
    if (!(await this.repo.delete(userId, brand.id, id)))
      throw new NotFoundError(SAVED_MESSAGES.notFound);
  }
}

function itemOf(row: SavedRowWithPlace, decide: (place: Place) => AccessDecision): SavedArticle {
  const decision = decide({
    date: row.edition_date,
    editionNumber: row.edition_number,
    pageIndex: row.page_no,
  });
  // The clip is cut from the live edition's page only while it still has the
  // article there (a re-published edition may not); else the card has no image.
  const live =
    row.media_prefix !== null &&
    row.zoom_file !== null &&
    row.live_page_width !== null &&
    row.live_page_height !== null &&
    row.live_top !== null &&
    row.live_left !== null &&
    row.live_width !== null &&
    row.live_height !== null
      ? {
          image: mediaUrl(`${row.media_prefix}${row.zoom_file}`),
          width: row.live_page_width,
          height: row.live_page_height,
          box: {
            top: row.live_top,
            left: row.live_left,
            width: row.live_width,
            height: row.live_height,
          },
        }
      : undefined;
  return {
    id: row.id,
    article_id: row.article_id,
    title: row.title,
    description: row.description,
    image_path: decision.open && live ? live.image : null,
    image_coordinates: live?.box ?? {
      top: row.top,
      left: row.left,
      width: row.width,
      height: row.height,
    },
    page_width: live?.width ?? row.page_width,
    page_height: live?.height ?? row.page_height,
    edition_number: row.edition_number,
    edition_name: row.edition_name,
    edition_date: row.edition_date,
    page_no: row.page_no,
    lock_reason: decision.open ? null : decision.reason,
    saved_at: row.saved_at.toISOString(),
  };
}
