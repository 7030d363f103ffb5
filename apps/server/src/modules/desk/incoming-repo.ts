// The night desk's intake tables (migration 0017): page files received, where each
// edition of each date stands, and the drop folder's claims.
import { sql, type Kysely } from 'kysely';
import type { Database, IncomingState } from '../../db/schema.ts';

export interface EditionKey {
  brand: string;
  date: string;
  editionNumber: number;
}

export interface IncomingPage {
  pageNo: number;
  version: number;
  section: string | null;
  fileName: string;
  storedPath: string;
  sha256: string;
  source: 'upload' | 'drop';
  receivedBy: string;
  receivedAt: Date;
}

export interface EditionStanding {
  date: string;
  editionNumber: number;
  state: IncomingState;
  detail: string | null;
  refusals: string[];
  report: unknown;
  overrideReason: string | null;
  /** Held until then by an editor; null: the usual release time. */
  releaseAt: Date | null;
  updatedAt: Date;
}

export class IncomingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a received page; false when that page's version was already in (sent twice). */
  async insertPage(key: EditionKey, page: IncomingPage & { bytes: number }): Promise<boolean> {
    const inserted = await this.db
      .insertInto('incoming_pages')
      .values({
        brand: key.brand,
        issue_date: key.date,
        edition_number: key.editionNumber,
        page_no: page.pageNo,
        version: page.version,
        section: page.section,
        file_name: page.fileName,
        stored_path: page.storedPath,
        bytes: page.bytes,
        sha256: page.sha256,
        source: page.source,
        received_by: page.receivedBy,
        received_at: page.receivedAt,
      })
      .onConflict((oc) =>
        oc.columns(['brand', 'issue_date', 'edition_number', 'page_no', 'version']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The highest version received of each page, in page order. */
  async latestPages(key: EditionKey): Promise<IncomingPage[]> {
    const rows = await this.db
      .selectFrom('incoming_pages')
      .selectAll()
      .distinctOn('page_no')
      .where('brand', '=', key.brand)
      .where('issue_date', '=', key.date)
      .where('edition_number', '=', key.editionNumber)
      .orderBy('page_no')
      .orderBy('version', 'desc')
      .execute();
    return rows.map((r) => ({
      pageNo: r.page_no,
      version: r.version,
      section: r.section,
      fileName: r.file_name,
      storedPath: r.stored_path,
      sha256: r.sha256,
      source: r.source,
      receivedBy: r.received_by,
      receivedAt: r.received_at,
    }));
  }

  /** The sha256 of every version of every page received for the edition. */
  async pageHashes(key: EditionKey): Promise<string[]> {
    const rows = await this.db
      .selectFrom('incoming_pages')
      .select('sha256')
      .distinct()
      .where('brand', '=', key.brand)
      .where('issue_date', '=', key.date)
      .where('edition_number', '=', key.editionNumber)
      .execute();
    return rows.map((r) => r.sha256);
  }

  async setStanding(
    key: EditionKey,
    standing: {
      state: IncomingState;
      detail: string | null;
      refusals?: string[];
      report?: unknown;
    },
    now: Date,
  ): Promise<void> {
    const values = {
      state: standing.state,
      detail: standing.detail,
      refusals: JSON.stringify(standing.refusals ?? []),
      ...(standing.report === undefined ? {} : { report: JSON.stringify(standing.report) }),
      updated_at: now,
    };
    await this.db
      .insertInto('incoming_editions')
      .values({
        brand: key.brand,
        issue_date: key.date,
        edition_number: key.editionNumber,
        ...values,
      })
      .onConflict((oc) => oc.columns(['brand', 'issue_date', 'edition_number']).doUpdateSet(values))
      .execute();
  }

  async setOverride(key: EditionKey, reason: string | null): Promise<void> {
    await this.updateStanding(key, { override_reason: reason });
  }

  /** Holds the edition's release until `at` (null: the usual time); the standing must exist. */
  async setReleaseAt(key: EditionKey, at: Date | null): Promise<void> {
    await this.updateStanding(key, { release_at: at });
  }

  private async updateStanding(
    key: EditionKey,
    set: { override_reason?: string | null; release_at?: Date | null },
  ): Promise<void> {
    await this.db
      .updateTable('incoming_editions')
      .set(set)
      .where('brand', '=', key.brand)
      .where('issue_date', '=', key.date)
      .where('edition_number', '=', key.editionNumber)
      .execute();
  }

  async standing(key: EditionKey): Promise<EditionStanding | undefined> {
    const [found] = await this.standings(key.brand, key.date, key.date, key.editionNumber);
    return found;
  }

  /** Every edition of the brand the desk received pages for in [from, to]. */
  async standings(
    brand: string,
    from: string,
    to: string,
    editionNumber?: number,
  ): Promise<EditionStanding[]> {
    let query = this.db
      .selectFrom('incoming_editions')
      .selectAll()
      .where('brand', '=', brand)
      .where('issue_date', '>=', from)
      .where('issue_date', '<=', to);
    if (editionNumber !== undefined) query = query.where('edition_number', '=', editionNumber);
    const rows = await query.execute();
    return rows.map((r) => ({
      date: r.issue_date,
      editionNumber: r.edition_number,
      state: r.state,
      detail: r.detail,
      refusals: r.refusals,
      report: r.report,
      overrideReason: r.override_reason,
      releaseAt: r.release_at,
      updatedAt: r.updated_at,
    }));
  }

  /** Standings that may need the release-time check: not live, not failed, dated up to `date`. */
  async openStandings(
    upTo: string,
  ): Promise<(EditionKey & { state: IncomingState; releaseAt: Date | null })[]> {
    const rows = await this.db
      .selectFrom('incoming_editions')
      .select(['brand', 'issue_date', 'edition_number', 'state', 'release_at'])
      .where('issue_date', '<=', upTo)
      .where('state', 'in', ['receiving', 'scheduled'])
      .execute();
    return rows.map((r) => ({
      brand: r.brand,
      date: r.issue_date,
      editionNumber: r.edition_number,
      state: r.state,
      releaseAt: r.release_at,
    }));
  }

  /** Takes a drop-folder file for this server; false when another (or an earlier run) has it. */
  async claimDrop(
    fileName: string,
    bytes: number,
    modifiedMs: number,
    now: Date,
  ): Promise<boolean> {
    const result = await sql<{ file_name: string }>`
      insert into drop_claims (file_name, bytes, modified_ms, claimed_at)
      values (${fileName}, ${bytes}, ${Math.round(modifiedMs)}, ${now})
      on conflict do nothing
      returning file_name`.execute(this.db);
    return result.rows.length === 1;
  }

  /**
   * Takes the release-time check's turn until `until` when nobody holds it, it ran
   * out, or `holder` has it already: one conditional upsert, so of several servers
   * one runs each check.
   */
  async takeCheckTurn(holder: string, now: Date, until: Date): Promise<boolean> {
    return this.takeTurn('desk.release-check', holder, now, until);
  }

  /**
   * Takes the turn to assemble one edition, the same way: two servers that both got
   * a page of it never assemble it at once. Given back with `endAssemblyTurn`; one
   * left by a server that stopped runs out at `until`.
   */
  async takeAssemblyTurn(key: EditionKey, holder: string, now: Date, until: Date) {
    return this.takeTurn(assemblyTurn(key), holder, now, until);
  }

  async endAssemblyTurn(key: EditionKey, holder: string): Promise<void> {
    await sql`delete from app_state
      where key = ${assemblyTurn(key)} and value like ${`% ${holder}`}`.execute(this.db);
  }

  private async takeTurn(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const value = `${until.toISOString()} ${holder}`;
    const taken = await sql<{ key: string }>`
      insert into app_state (key, value) values (${name}, ${value})
      on conflict (key) do update set value = excluded.value
      where app_state.value < ${now.toISOString()} or app_state.value like ${`% ${holder}`}
      returning key`.execute(this.db);
    return taken.rows.length > 0;
  }
}

/** The app_state key of an edition's assembly turn. */
const assemblyTurn = (key: EditionKey) =>
  `desk.assembly:${key.brand}/${key.date}/${key.editionNumber}`;
