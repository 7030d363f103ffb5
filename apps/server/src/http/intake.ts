// A bounded number of requests started per turn of the event loop, the rest
// started in later turns in the order they came. Why: since libuv 1.45 (Node 20)
// a server accepts ONE new connection per turn of the loop (libuv PR 3696), and a
// turn runs every request that became ready in it. On a busy server a turn lasts
// tens of milliseconds, so a burst of new connections (nginx opening one per
// request in flight at a morning's first second) waited in the kernel's accept
// queue for up to 25 s: bench:cluster's timeouts, every one of them at the load's
// opening. Starting a few requests per turn keeps turns short, so connections are
// accepted at least 1/PER_TURN as fast as requests start, and the requests waiting
// are served first come, first served. Under light traffic nothing waits: a
// request is started at once while its turn has budget left.
// docs/decisions/0043-fair-intake.md.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Requests started in one turn of the event loop; 1 and 2 both held bench:cluster's burst. */
export const REQUESTS_STARTED_PER_TURN = 2;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Intake {
  /** Starts the request now, or queues it for a later turn. */
  admit(req: IncomingMessage, res: ServerResponse): void;
  /** Requests waiting for a turn (for the metrics). */
  readonly waiting: number;
}

export interface IntakeOptions {
  perTurn?: number;
  /** Runs a callback in the next turn of the loop; setImmediate unless a test says otherwise. */
  nextTurn?: (callback: () => void) => void;
}

/** Gone before its turn came: its client closed the connection (or timed out). */
const abandoned = (req: IncomingMessage, res: ServerResponse) =>
  res.destroyed || req.socket.destroyed;

export function fairIntake(handler: Handler, options: IntakeOptions = {}): Intake {
  const perTurn = options.perTurn ?? REQUESTS_STARTED_PER_TURN;
  if (!Number.isInteger(perTurn) || perTurn < 1)
    throw new RangeError(`requests started per turn must be a whole number from 1, not ${perTurn}`);
  const nextTurn = options.nextTurn ?? ((callback) => void setImmediate(callback));
  const queue: Array<[IncomingMessage, ServerResponse]> = [];
  let startedThisTurn = 0;

  const start = (req: IncomingMessage, res: ServerResponse) => {
    // A turn's first request schedules the next turn, which resets the budget.
    if (startedThisTurn === 0) nextTurn(newTurn);
    startedThisTurn += 1;
    handler(req, res);
  };

  function newTurn(): void {
    startedThisTurn = 0;
    while (startedThisTurn < perTurn && queue.length > 0) {
      const [req, res] = queue.shift() as [IncomingMessage, ServerResponse];
      if (!abandoned(req, res)) start(req, res);
    }
  }

  return {
    admit(req, res) {
      if (startedThisTurn < perTurn) start(req, res);
      // The turn's budget is spent, so the request that spent it scheduled the next
      // turn, which starts queued requests before any new one.
      else queue.push([req, res]);
    },
    get waiting() {
      return queue.length;
    },
  };
}
