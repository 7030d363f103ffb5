// The renewal run's reconciling of the ledger: entries written but not yet sent are
// sent, and those whose answer is unknown (a debit still pending, or a call whose
// answer was lost) are asked about, never made again (ledger-calls.ts). A charge
// found captured becomes its term.
import type { LedgerCalls } from './ledger-calls.ts';
import type { LedgerRepo } from './ledger-repo.ts';
import type { PaymentCompletion } from './payment-completion.ts';

/** Ledger entries sent or asked about in one run, oldest first. */
const LEDGER_BATCH = 50;
/** A sent call unanswered this long is asked about (the adapter gives up on a call after 20 s). */
const QUIET_MS = 10 * 60_000;

export class LedgerReconciler {
  constructor(
    private readonly ledger: LedgerRepo,
    private readonly calls: LedgerCalls,
    private readonly completion: PaymentCompletion,
    private readonly now: () => Date,
  ) {}

  /**
   * One batch, oldest first; `held` is called before each entry (it throws when the
   * run has lost its lease). Counts the charges that made a term and the entries
   * sent or asked about.
   */
  async run(held: () => void): Promise<{ charged: number; settled: number }> {
    const counts = { charged: 0, settled: 0 };
    for (const entry of await this.ledger.due(this.now(), QUIET_MS, LEDGER_BATCH)) {
      held();
      const outcome =
        entry.state === 'created' ? await this.calls.send(entry) : await this.calls.ask(entry);
      if (outcome.kind === 'captured') {
        if (await this.completion.completeCharge(outcome.entry, outcome.payment))
          counts.charged += 1;
      }
      if (outcome.kind !== 'waiting' && outcome.kind !== 'busy') counts.settled += 1;
    }
    return counts;
  }
}
