// Every process a bench starts, stopped whatever happens: on success, on a thrown
// step, on Ctrl+C or SIGTERM. Children run in their own process group, so a server's
// render workers (its own children) go with it. A bench that crashed half way used to
// leave its Folio server listening on a random port.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

const running = new Set<ChildProcess>();
/** How long a child gets to exit on SIGTERM before its group is killed. */
const GRACE_MS = 5_000;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts a process the bench owns; it is stopped by `stopChild` or `stopAll`. */
export function startChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL for the whole group when it has not exited within the grace. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) {
    signalGroup(child, 'SIGKILL');
    running.delete(child);
    return;
  }
  const gone = once(child, 'exit');
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS);
  await gone;
  clearTimeout(timer);
  // Anything the child left behind in its group (a render worker) goes too.
  signalGroup(child, 'SIGKILL');
  running.delete(child);
}

/** Stops every process still running, in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

let installed = false;

/**
 * Runs the bench's body and stops every child afterwards, whether it finished,
 * threw or the bench was interrupted; exits non-zero on failure.
 */
export async function withChildren(body: () => Promise<void>): Promise<void> {
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        console.error(`${signal}: stopping every process this bench started`);
        void stopAll().finally(() => process.exit(130));
      });
    // Last resort when the bench exits without awaiting (process.exit elsewhere).
    process.once('exit', () => {
      for (const child of running) signalGroup(child, 'SIGKILL');
    });
  }
  try {
    await body();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
