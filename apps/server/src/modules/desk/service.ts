// The desk's rules (issue 26): who is staff and in which role, the second factor's
// failures, the edition board, holidays, and the audit log every action writes.
import {
  BRANDS,
  DAY_START_HOUR,
  addDays,
  formatReleaseTime,
  isBrandCode,
  normaliseEmail,
  type BrandCode,
} from '@folio/core';
import {
  DESK_CAPABILITIES,
  DESK_MESSAGES,
  roleMay,
  type Board,
  type BoardCell,
  type BrandChoicesChange,
  type CatalogueChange,
  type DeskMe,
  type DeskRole,
  type StaffMember,
  type ZoningSave,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { UserDirectory } from '../auth/index.ts';
import type { EditionService, PublishService } from '../editions/index.ts';
import type { Assembly, EditionReport } from './assembly.ts';
import type { EditionKey, IncomingRepo } from './incoming-repo.ts';
import type { Intake, IntakeAnswer, IntakeFile } from './intake.ts';
import type { AuditRepo, AuditRecord, AuditRow } from './audit-repo.ts';
import type { StaffRepo, StaffRow } from './staff-repo.ts';
import type { Zoning } from './zoning.ts';

/** Wrong authenticator codes a session may give before every session of the account ends. */
export const SECOND_FACTOR_TRIES = 5;

/** Who did a desk action: a staff member, or the command line (`npm run staff`). */
export interface DeskActor {
  userId: string | null;
  email: string;
  role: DeskRole | 'operator';
}

export const COMMAND_LINE: DeskActor = { userId: null, email: 'command line', role: 'operator' };
const DROP_FOLDER: DeskActor = { userId: null, email: 'drop folder', role: 'operator' };

export function actorOf(staff: StaffRow): DeskActor {
  return { userId: staff.userId, email: staff.email, role: staff.role };
}

function toMember(row: StaffRow): StaffMember {
  return {
    id: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    addedAt: row.addedAt.toISOString(),
    secondFactor: row.twoFactorEnabled,
  };
}

export class DeskService {
  constructor(
    private readonly staff: StaffRepo,
    private readonly auditLog: AuditRepo,
    private readonly users: UserDirectory,
    private readonly editions: EditionService,
    private readonly night: {
      incoming: IncomingRepo;
      intake: Intake;
      assembly: Assembly;
      publisher: PublishService;
      zoning: Zoning;
    },
    private readonly now: () => Date,
  ) {}

  private async record(actor: DeskActor, entry: Omit<AuditRecord, 'actorId' | 'actor' | 'role'>) {
    await this.auditLog.write(
      { actorId: actor.userId, actor: actor.email, role: actor.role, ...entry },
      this.now(),
    );
  }

  /** The staff member of an account, or undefined for a reader (or a retired account). */
  async staffOf(userId: string): Promise<StaffRow | undefined> {
    return this.staff.find(userId);
  }

  me(staff: StaffRow, session: { twoFactorEnabled: boolean; secondFactorGiven: boolean }): DeskMe {
    const secondFactor = !session.twoFactorEnabled
      ? 'setup'
      : session.secondFactorGiven
        ? 'done'
        : 'verify';
    return {
      id: staff.userId,
      email: staff.email,
      role: staff.role,
      secondFactor,
      capabilities: DESK_CAPABILITIES.filter((c) => roleMay(staff.role, c)),
    };
  }

  async secondFactorGiven(actor: DeskActor, firstTime: boolean): Promise<void> {
    if (actor.userId) await this.staff.clearSecondFactorFailures(actor.userId);
    await this.record(actor, {
      action: firstTime ? 'second-factor.set-up' : 'desk.sign-in',
      subject: `staff:${actor.email}`,
    });
  }

  /** Counts a wrong code; at SECOND_FACTOR_TRIES every session of the account ends. True then. */
  async secondFactorFailed(actor: DeskActor): Promise<boolean> {
    if (!actor.userId) return false;
    const failures = await this.staff.recordSecondFactorFailure(actor.userId);
    if (failures < SECOND_FACTOR_TRIES) return false;
    await this.staff.endSessions(actor.userId);
    await this.staff.clearSecondFactorFailures(actor.userId);
    await this.record(actor, {
      action: 'second-factor.locked-out',
      subject: `staff:${actor.email}`,
      after: { failures },
    });
    return true;
  }

  async listStaff(): Promise<StaffMember[]> {
    return (await this.staff.list()).map(toMember);
  }

  /** Makes the account with this e-mail staff (creating the account if needed). */
  async addStaff(actor: DeskActor, rawEmail: string, role: DeskRole): Promise<StaffMember> {
    const email = normaliseEmail(rawEmail);
    const user = (await this.users.findByEmail(email)) ?? (await this.users.createWithEmail(email));
    const before = await this.staff.find(user.id);
    if (before && before.role === role) return toMember(before);
    if (before?.role === 'admin' && (await this.staff.countAdmins()) <= 1)
      throw new ConflictError(DESK_MESSAGES.lastAdmin);
    await this.staff.upsert(user.id, role, actor.userId, this.now());
    await this.record(actor, {
      action: before ? 'staff.role' : 'staff.add',
      subject: `staff:${email}`,
      before: before ? { role: before.role } : null,
      after: { role },
    });
    const added = await this.staff.find(user.id);
    if (!added) throw new NotFoundError(DESK_MESSAGES.staffNotFound);
    return toMember(added);
  }

  private async other(actor: DeskActor, id: string): Promise<StaffRow> {
    if (id === actor.userId) throw new BadRequestError(DESK_MESSAGES.notYourself);
    const member = await this.staff.find(id);
    if (!member) throw new NotFoundError(DESK_MESSAGES.staffNotFound);
    return member;
  }

  async changeRole(actor: DeskActor, id: string, role: DeskRole): Promise<StaffMember> {
    const member = await this.other(actor, id);
    if (member.role === role) return toMember(member);
    if (member.role === 'admin' && (await this.staff.countAdmins()) <= 1)
      throw new ConflictError(DESK_MESSAGES.lastAdmin);
    await this.staff.setRole(id, role);
    await this.record(actor, {
      action: 'staff.role',
      subject: `staff:${member.email}`,
      before: { role: member.role },
      after: { role },
    });
    return toMember({ ...member, role });
  }

  /** The account stays a reader's; it loses the desk and every session at once. */
  async retire(actor: DeskActor, id: string): Promise<void> {
    const member = await this.other(actor, id);
    if (member.role === 'admin' && (await this.staff.countAdmins()) <= 1)
      throw new ConflictError(DESK_MESSAGES.lastAdmin);
    await this.staff.retire(id, this.now());
    await this.staff.endSessions(id);
    await this.record(actor, {
      action: 'staff.retire',
      subject: `staff:${member.email}`,
      before: { role: member.role },
      after: null,
    });
  }

  async audit(before: number | undefined, limit: number) {
    const rows = await this.auditLog.page(before, limit);
    return {
      entries: rows.map((r: AuditRow) => ({ ...r, at: r.at.toISOString() })),
      next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
    };
  }

  /** Dates (newest first, from the publisher's tomorrow unless `from`) × the brand's editions. */
  async board(brand: BrandCode, from: string | undefined, days: number): Promise<Board> {
    const latest = this.editions.latestDate();
    const first = from ?? addDays(latest, 1);
    const dates = Array.from({ length: days }, (_, i) => addDays(first, -i));
    const facts = await this.editions.boardFacts(brand, dates.at(-1) ?? first, first);
    const published = new Map(facts.issues.map((i) => [`${i.date}/${i.editionNumber}`, i.pages]));
    const standings = new Map(
      (await this.night.incoming.standings(brand, dates.at(-1) ?? first, first)).map((s) => [
        `${s.date}/${s.editionNumber}`,
        s,
      ]),
    );
    const holidays = new Set(facts.holidays);
    const releaseAt = formatReleaseTime({ releaseTime: { hour: DAY_START_HOUR, minute: 0 } });
    const cells: BoardCell[] = [];
    for (const date of dates) {
      for (const edition of facts.editions) {
        const pages = published.get(`${date}/${edition.number}`);
        const cell: BoardCell = {
          date,
          edition: edition.number,
          state: 'missing',
          pages: null,
          expected: null,
          detail: null,
        };
        const standing = standings.get(`${date}/${edition.number}`);
        if (holidays.has(date)) cells.push({ ...cell, state: 'holiday' });
        else if (standing && !(standing.state === 'scheduled' && date <= latest))
          cells.push({
            ...cell,
            state: standing.state,
            pages: pages ?? null,
            ...receivingCounts(standing.detail),
          });
        else if (pages === undefined) cells.push(cell);
        else if (date <= latest) cells.push({ ...cell, state: 'live', pages });
        else cells.push({ ...cell, state: 'scheduled', pages, detail: releaseAt });
      }
    }
    return { brand, dates, editions: facts.editions, cells };
  }

  async catalogue(brand: BrandCode) {
    return this.editions.deskCatalogue(brand);
  }

  /** The brand's free edition or the gate's missing-page tolerance, as an editor chose. */
  async chooseForBrand(actor: DeskActor, brand: BrandCode, change: BrandChoicesChange) {
    const { before, after } = await this.editions.chooseForBrand(brand, change);
    await this.record(actor, { action: 'brand.change', subject: `brand:${brand}`, before, after });
    return this.catalogue(brand);
  }

  async addGroup(actor: DeskActor, brand: BrandCode, name: string) {
    const id = await this.editions.addGroup(brand, name);
    await this.record(actor, {
      action: 'edition-group.add',
      subject: `edition-group:${brand}:${id}`,
      before: null,
      after: { name },
    });
    return this.catalogue(brand);
  }

  async changeGroup(actor: DeskActor, brand: BrandCode, id: number, change: CatalogueChange) {
    const { before, after } = await this.editions.changeGroup(brand, id, change);
    await this.record(actor, {
      action: 'edition-group.change',
      subject: `edition-group:${brand}:${id}`,
      before,
      after,
    });
    return this.catalogue(brand);
  }

  async addEdition(actor: DeskActor, brand: BrandCode, groupId: number, name: string) {
    const editionNumber = await this.editions.addEdition(brand, groupId, name);
    await this.record(actor, {
      action: 'edition.add',
      subject: `edition:${brand}:${editionNumber}`,
      before: null,
      after: { name, group: groupId },
    });
    return this.catalogue(brand);
  }

  async changeEdition(
    actor: DeskActor,
    brand: BrandCode,
    editionNumber: number,
    change: CatalogueChange,
  ) {
    const { before, after } = await this.editions.changeEdition(brand, editionNumber, change);
    await this.record(actor, {
      action: 'edition.change',
      subject: `edition:${brand}:${editionNumber}`,
      before,
      after,
    });
    return this.catalogue(brand);
  }

  /**
   * A page file the browser is about to send (a resumable upload starting): its
   * name is read and checked against the paper, and a refusal is answered (and
   * kept in the audit log) before a byte of it is sent.
   */
  async checkPageName(actor: DeskActor, fileName: string): Promise<void> {
    const answer = await this.night.intake.checkName(fileName);
    if (answer.ok) return;
    await this.recordPage(actor, fileName, answer);
    throw new BadRequestError(answer.reason);
  }

  /** A page file from the browser, whichever way it came; refused with the reason, or taken. */
  async receivePage(actor: DeskActor, file: Omit<IntakeFile, 'source' | 'sender'>) {
    const answer = await this.night.intake.receive({
      ...file,
      source: 'upload',
      sender: actor.email,
    });
    await this.recordPage(actor, file.fileName, answer);
    if (!answer.ok) throw new BadRequestError(answer.reason);
    return { page: answer.pageNo, version: answer.version };
  }

  /** A drop-folder file taken or refused, in the audit log as the drop folder's doing. */
  async recordDrop(fileName: string, answer: IntakeAnswer): Promise<void> {
    await this.recordPage(DROP_FOLDER, fileName, answer);
  }

  /** A page file taken or refused, by whoever sent it. */
  private async recordPage(actor: DeskActor, fileName: string, answer: IntakeAnswer) {
    await this.record(actor, {
      action: answer.ok ? 'page.receive' : 'page.refuse',
      subject: answer.ok
        ? `edition:${answer.key.brand}:${answer.key.editionNumber}:${answer.key.date}`
        : `file:${fileName}`,
      after: answer.ok
        ? { page: answer.pageNo, version: answer.version, file: fileName }
        : { file: fileName, reason: answer.reason },
    });
  }

  /** One edition of one date: its pages as received, where it stands, the processing report. */
  async editionDay(key: EditionKey) {
    const [pages, standing] = await Promise.all([
      this.night.incoming.latestPages(key),
      this.night.incoming.standing(key),
    ]);
    return {
      pages: pages.map((p) => ({
        page: p.pageNo,
        version: p.version,
        file: p.fileName,
        source: p.source,
        receivedBy: p.receivedBy,
        receivedAt: p.receivedAt.toISOString(),
      })),
      state: standing?.state ?? null,
      detail: standing?.detail ?? null,
      refusals: standing?.refusals ?? [],
      overrideReason: standing?.overrideReason ?? null,
      releaseAt: standing?.releaseAt ? this.editions.publisherClock(standing.releaseAt).time : null,
      report: (standing?.report ?? null) as EditionReport | null,
    };
  }

  /**
   * Holds the edition until `time` (HH:MM) on its date, past the usual 06:00: readers
   * lose it until then if they had it, and at that time it is assembled again through
   * the gate and goes live. 06:00 ends a hold. Only editions whose pages came through
   * the desk, which can be assembled again.
   */
  async reschedule(actor: DeskActor, key: EditionKey, time: string) {
    if (!isBrandCode(key.brand)) throw new NotFoundError(DESK_MESSAGES.editionNotFound);
    const pages = await this.night.incoming.latestPages(key);
    if (pages.length === 0) throw new NotFoundError(DESK_MESSAGES.noPagesYet);
    const usual = time === `${String(DAY_START_HOUR).padStart(2, '0')}:00`;
    const moment = usual ? null : this.editions.publisherInstant(key.date, time);
    if (moment && moment <= this.now()) throw new BadRequestError(DESK_MESSAGES.releaseTimePassed);
    const standing = await this.night.incoming.standing(key);
    const before = standing?.releaseAt
      ? this.editions.publisherClock(standing.releaseAt).time
      : null;
    if (moment) {
      // Readers must not have it before then; its pages stay for the release.
      await this.night.publisher.unpublish(key.brand, key.date, key.editionNumber);
      await this.night.incoming.setStanding(
        key,
        { state: 'scheduled', detail: this.editions.publisherClock(moment).text },
        this.now(),
      );
    }
    await this.night.incoming.setReleaseAt(key, moment);
    await this.record(actor, {
      action: 'edition.reschedule',
      subject: `edition:${key.brand}:${key.editionNumber}:${key.date}`,
      before: { releaseAt: before },
      after: { releaseAt: moment ? time : null },
    });
    // Back to the usual time: assembled again, live at once if its date has come.
    if (!moment) await this.night.assembly.schedule(key);
    return this.editionDay(key);
  }

  /**
   * Release now: the gate reads the edition again (and lets it through with an
   * editor's written reason, which the audit log keeps); or unpublish.
   */
  async release(
    actor: DeskActor,
    key: EditionKey,
    action: 'release' | 'unpublish',
    reason: string | undefined,
  ) {
    if (action === 'unpublish') {
      if (!isBrandCode(key.brand)) throw new NotFoundError(DESK_MESSAGES.editionNotFound);
      const removed = await this.night.publisher.unpublish(key.brand, key.date, key.editionNumber);
      if (!removed) throw new NotFoundError(DESK_MESSAGES.notPublished);
      await this.night.incoming.setStanding(
        key,
        { state: 'failed', detail: 'Unpublished', refusals: ['Unpublished by the desk.'] },
        this.now(),
      );
      await this.record(actor, {
        action: 'edition.unpublish',
        subject: `edition:${key.brand}:${key.editionNumber}:${key.date}`,
        reason: reason ?? null,
      });
      return this.editionDay(key);
    }
    const pages = await this.night.incoming.latestPages(key);
    if (pages.length === 0) throw new NotFoundError(DESK_MESSAGES.noPagesYet);
    // Released now: a hold an editor set earlier ends.
    await this.night.incoming.setReleaseAt(key, null);
    if (reason !== undefined) {
      await this.night.incoming.setStanding(
        key,
        { state: 'processing', detail: 'Released by the desk' },
        this.now(),
      );
      await this.night.incoming.setOverride(key, reason);
    }
    await this.record(actor, {
      action: reason === undefined ? 'edition.release' : 'edition.override',
      subject: `edition:${key.brand}:${key.editionNumber}:${key.date}`,
      reason: reason ?? null,
    });
    await this.night.assembly.schedule(key, { now: true });
    return this.editionDay(key);
  }

  /** The pages of a published issue, for the zoning editor's page list. */
  async publishedPages(key: EditionKey) {
    return this.night.zoning.pages(key);
  }

  async pageZoning(key: EditionKey, pageNo: number) {
    return this.night.zoning.read(key, pageNo);
  }

  async pageImage(key: EditionKey, pageNo: number) {
    return this.night.zoning.image(key, pageNo);
  }

  /** Re-publishes one page with the editor's boxes (refused when it changed since opened). */
  async saveZoning(actor: DeskActor, key: EditionKey, pageNo: number, change: ZoningSave) {
    const { zoning, before, after } = await this.night.zoning.save(key, pageNo, change);
    await this.record(actor, {
      action: 'page.zoning',
      subject: `page:${key.brand}:${key.editionNumber}:${key.date}:${pageNo}`,
      before,
      after,
    });
    return zoning;
  }

  async holidays(brand: BrandCode) {
    return { holidays: await this.editions.holidays(brand) };
  }

  async addHoliday(actor: DeskActor, brand: BrandCode, date: string, message: string) {
    const before = (await this.editions.holidayPopup({ brand: BRANDS[brand], date }))[0];
    await this.editions.markHoliday(brand, date, message.trim());
    await this.record(actor, {
      action: before ? 'holiday.change' : 'holiday.add',
      subject: `holiday:${brand}:${date}`,
      before: before ? { message: before.holiday_message } : null,
      after: { message: message.trim() },
    });
    return { date, message: message.trim() };
  }

  async removeHoliday(actor: DeskActor, brand: BrandCode, date: string): Promise<void> {
    const message = await this.editions.removeHoliday(brand, date);
    if (message === undefined) throw new NotFoundError(DESK_MESSAGES.holidayNotFound);
    await this.record(actor, {
      action: 'holiday.remove',
      subject: `holiday:${brand}:${date}`,
      before: { message },
      after: null,
    });
  }
}

/** "5 of 8 pages" as the board's counts (which the cell then says); any other detail as it is. */
function receivingCounts(detail: string | null): {
  pages?: number;
  expected?: number;
  detail: string | null;
} {
  const counts = /^(\d+) of (\d+) pages$/.exec(detail ?? '');
  return counts
    ? { pages: Number(counts[1]), expected: Number(counts[2]), detail: null }
    : { detail };
}
