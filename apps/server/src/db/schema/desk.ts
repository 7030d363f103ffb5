// The desk: staff roles and the audit log of what staff did (migration 0015).
import type { ColumnType, Generated } from 'kysely';

export interface StaffMemberTable {
  user_id: string;
  role: 'admin' | 'editor' | 'support';
  /** The staff member who added this one; null for the first admin (made by `npm run staff`). */
  added_by: string | null;
  added_at: Generated<Date>;
  retired_at: Date | null;
  /** Wrong authenticator codes since the last right one. */
  failed_second_factors: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  /** The actor's e-mail at the time, or "command line". */
  actor: string;
  role: string;
  action: string;
  subject: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
}

/** better-auth's users table, as far as the desk reads it (better-auth writes it). */
export interface UserViewTable {
  id: string;
  email: string;
  name: string;
  two_factor_enabled: ColumnType<boolean | null, never, never>;
}

/** better-auth's sessions table: the desk marks when a session gave its second factor. */
export interface SessionViewTable {
  id: string;
  token: string;
  user_id: string;
  second_factor_at: ColumnType<Date | null, never, Date | null>;
}

/** A page file the night desk received (migration 0017); each version is kept. */
export interface IncomingPageTable {
  id: Generated<number>;
  brand: string;
  issue_date: string;
  edition_number: number;
  page_no: number;
  version: number;
  section: string | null;
  file_name: string;
  stored_path: string;
  bytes: number;
  sha256: string;
  source: 'upload' | 'drop';
  received_by: string;
  received_at: Date;
}

export type IncomingState = 'receiving' | 'processing' | 'ready' | 'scheduled' | 'live' | 'failed';

/** Where one edition of one date stands on the night desk. */
export interface IncomingEditionTable {
  brand: string;
  issue_date: string;
  edition_number: number;
  state: IncomingState;
  detail: string | null;
  refusals: ColumnType<string[], string, string>;
  report: ColumnType<unknown, string | null, string | null>;
  override_reason: string | null;
  /** Held by an editor until this moment (past the usual 06:00); null: the usual time. */
  release_at: Date | null;
  updated_at: Date;
}

/** A drop-folder file taken by one server (name, size and time: a re-sent file is new). */
export interface DropClaimTable {
  file_name: string;
  bytes: string | number;
  modified_ms: string | number;
  claimed_at: Date;
}

/** The desk's choices per brand; no row: the brand's defaults (BRANDS, tolerance 0). */
export interface BrandSettingsTable {
  brand: string;
  free_edition: number | null;
  missing_page_tolerance: number;
  updated_at: Date;
}
