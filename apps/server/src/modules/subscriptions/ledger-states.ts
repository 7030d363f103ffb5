// The ledger's state machine (decision 0022), in one table the repo's conditional
// updates are written from: each move names the states it may leave. A call is
// claimed only from `created`; it is settled from any state but `settled` (a
// capture the ledger had given up on still moved the money); it fails only while
// unanswered, never over a settlement; it becomes `unknown` only while sent; and
// it is made again only when the provider, asked, had no trace of it.
import type { LedgerState } from '../../db/schema.ts';

export const LEDGER_MOVES = {
  claim: ['created'],
  settle: ['created', 'sent', 'unknown', 'failed'],
  fail: ['created', 'sent', 'unknown'],
  lose: ['sent', 'unknown'],
  reopen: ['sent', 'unknown'],
} as const satisfies Record<string, readonly LedgerState[]>;

export type LedgerMove = keyof typeof LEDGER_MOVES;

/** Whether an entry in state `from` may make `move`. */
export function mayMove(move: LedgerMove, from: LedgerState): boolean {
  return (LEDGER_MOVES[move] as readonly LedgerState[]).includes(from);
}

/** States an entry ends in: nothing more is asked of the provider about it. */
export function isFinal(state: LedgerState): boolean {
  return state === 'settled' || state === 'failed';
}
