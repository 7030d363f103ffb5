// The cluster's child processes: each in a process group of its own (a web server's
// render workers, nginx's workers go with it), its output in a log file, and every
// group stopped whatever happens: on a clean stop, a failed start-up, an uncaught
// error, Ctrl+C, SIGTERM or SIGHUP. A process still running when this one exits
// (process.exit from anywhere) is SIGKILLed from the 'exit' handler: no orphans.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Stopped last to first: the front door, then the app, then what the app uses. */
export type Tier = 'infrastructure' | 'app' | 'front';
const STOP_ORDER: Tier[] = ['front', 'app', 'infrastructure'];
/** How long a process gets to exit on SIGTERM before its group is killed. */
const GRACE_MS = 10_000;

export interface Managed {
  name: string;
  child: ChildProcess;
  pid: number;
  tier: Tier;
  logFile: string;
  /** Set before the cluster stops or kills it on purpose. */
  stopping: boolean;
}

export class ProcessExited extends Error {
  constructor(
    readonly managed: Managed,
    tail: string,
  ) {
    super(
      `${managed.name} (pid ${managed.pid}) exited (${describeExit(managed.child)}); the end of ${managed.logFile}:\n${tail}`,
    );
    this.name = 'ProcessExited';
  }
}

export const hasExited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null;

function describeExit(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `code ${String(child.exitCode)}`;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Every group started by any Processes, for the synchronous last resort on exit. */
const everyGroup = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pid of everyGroup) signalGroup(pid, 'SIGKILL');
  });
}

export class Processes {
  private readonly running = new Set<Managed>();
  /** Told when a process exits that nobody asked to stop. */
  onUnexpectedExit: (managed: Managed) => void = () => undefined;

  constructor(private readonly logDir: string) {
    mkdirSync(logDir, { recursive: true });
    installExitHook();
  }

  /** Starts a command in its own process group, its stdout and stderr appended to logs/NAME.log. */
  start(
    name: string,
    command: string,
    args: string[],
    options: { tier: Tier; env?: NodeJS.ProcessEnv; cwd?: string; ipc?: boolean },
  ): Managed {
    const logFile = path.join(this.logDir, `${name}.log`);
    const fd = openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: options.ipc ? ['ignore', fd, fd, 'ipc'] : ['ignore', fd, fd],
        detached: true,
      });
    } finally {
      // The child holds its own copy of the descriptor.
      closeSync(fd);
    }
    if (child.pid === undefined) throw new Error(`${name}: ${command} could not be started`);
    const managed: Managed = {
      name,
      child,
      pid: child.pid,
      tier: options.tier,
      logFile,
      stopping: false,
    };
    this.running.add(managed);
    everyGroup.add(managed.pid);
    child.once('exit', () => {
      this.running.delete(managed);
      // Its workers may outlive it: the group goes too.
      signalGroup(managed.pid, 'SIGKILL');
      everyGroup.delete(managed.pid);
      if (!managed.stopping) this.onUnexpectedExit(managed);
    });
    return managed;
  }

  /** The last lines of a process's log, for an error message. */
  tail(managed: Managed, lines = 30): string {
    try {
      return readFileSync(managed.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Throws, with the end of its log, when any of these processes has exited. */
  assertRunning(...managed: Managed[]): void {
    const gone = managed.find((m) => hasExited(m.child));
    if (gone) throw new ProcessExited(gone, this.tail(gone));
  }

  /** SIGKILL to the whole group, as a crashed machine: no shutdown code runs. */
  async kill(managed: Managed): Promise<void> {
    managed.stopping = true;
    if (hasExited(managed.child)) return;
    const gone = once(managed.child, 'exit');
    signalGroup(managed.pid, 'SIGKILL');
    await gone;
  }

  /** SIGTERM, then SIGKILL for the group when it has not exited within the grace. */
  async stop(managed: Managed): Promise<void> {
    managed.stopping = true;
    if (hasExited(managed.child)) return;
    const gone = once(managed.child, 'exit');
    signalGroup(managed.pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(managed.pid, 'SIGKILL'), GRACE_MS);
    await gone;
    clearTimeout(timer);
  }

  /** Stops every process still running: the front first, what the app uses last. */
  async stopAll(): Promise<void> {
    for (const tier of STOP_ORDER) {
      const group = [...this.running].filter((m) => m.tier === tier);
      await Promise.all(group.map((m) => this.stop(m)));
    }
  }
}

let cleanupInstalled = false;

/**
 * Runs `cleanup` once on SIGINT, SIGTERM, SIGHUP, an uncaught error or an unhandled
 * rejection, then exits (128 + the signal's number, or 1). A second signal while it
 * runs exits at once; the exit hook still kills every group.
 */
export function stopOnSignals(cleanup: () => Promise<void>): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  let started = false;
  const run = (code: number, why: string) => {
    if (started) {
      process.exit(code);
    }
    started = true;
    console.error(`\n${why}: stopping every process the cluster started`);
    cleanup()
      .catch((error: unknown) => console.error('cleanup failed:', error))
      .finally(() => process.exit(code));
  };
  const codes: Record<string, number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
  for (const [signal, code] of Object.entries(codes)) process.on(signal, () => run(code, signal));
  process.on('uncaughtException', (error) => {
    console.error(error);
    run(1, 'uncaught error');
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    run(1, 'unhandled rejection');
  });
}
