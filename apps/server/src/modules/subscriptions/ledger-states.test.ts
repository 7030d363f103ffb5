// The ledger's state machine (decision 0022; issue 23 part 10, pinned by StrykerJS:
// `npm run mutation -w @folio/server`): which state each move may leave, and which
// states are final. Every move is checked against every state.
import { describe, expect, it } from 'vitest';
import type { LedgerState } from '../../db/schema.ts';
import { LEDGER_MOVES, isFinal, mayMove, type LedgerMove } from './ledger-states.ts';

const STATES: readonly LedgerState[] = ['created', 'sent', 'settled', 'failed', 'unknown'];

/** The states `move` may leave, in STATES' order. */
const leaves = (move: LedgerMove) => STATES.filter((state) => mayMove(move, state));

describe('mayMove', () => {
  it('claims a call only while it was just written (created): one worker makes it', () => {
    expect(leaves('claim')).toEqual(['created']);
  });

  it('settles from any state but settled: a capture given up on still moved the money', () => {
    expect(leaves('settle')).toEqual(['created', 'sent', 'failed', 'unknown']);
    expect(mayMove('settle', 'failed')).toBe(true);
  });

  it('never settles an entry twice', () => {
    expect(mayMove('settle', 'settled')).toBe(false);
  });

  it('never fails an entry that was settled, nor one that already failed', () => {
    expect(mayMove('fail', 'settled')).toBe(false);
    expect(mayMove('fail', 'failed')).toBe(false);
  });

  it('fails an entry only while it is unanswered', () => {
    expect(leaves('fail')).toEqual(['created', 'sent', 'unknown']);
  });

  it('leaves an answer unknown only for a call that was sent', () => {
    expect(leaves('lose')).toEqual(['sent', 'unknown']);
    expect(mayMove('lose', 'created')).toBe(false);
  });

  it('makes a call again only after it was sent and the provider, asked, had no trace of it', () => {
    expect(leaves('reopen')).toEqual(['sent', 'unknown']);
    expect(mayMove('reopen', 'settled')).toBe(false);
    expect(mayMove('reopen', 'failed')).toBe(false);
  });

  it("writes the repo's conditional updates from exactly this table", () => {
    expect(LEDGER_MOVES).toEqual({
      claim: ['created'],
      settle: ['created', 'sent', 'unknown', 'failed'],
      fail: ['created', 'sent', 'unknown'],
      lose: ['sent', 'unknown'],
      reopen: ['sent', 'unknown'],
    });
  });
});

describe('isFinal', () => {
  it('ends an entry once the provider settled or refused it', () => {
    expect(isFinal('settled')).toBe(true);
    expect(isFinal('failed')).toBe(true);
  });

  it('keeps asking about an entry created, sent or unknown', () => {
    expect(isFinal('created')).toBe(false);
    expect(isFinal('sent')).toBe(false);
    expect(isFinal('unknown')).toBe(false);
  });
});
