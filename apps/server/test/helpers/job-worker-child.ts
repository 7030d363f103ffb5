// A worker process for the jobs tests (jobs.int.test.ts): works one pg-boss queue,
// tells its parent when it has taken a job, and never finishes it, so the test can
// kill it with SIGKILL half way. Run as: node --import tsx job-worker-child.ts URL QUEUE
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { PgBossQueue } from '../../src/modules/jobs/index.ts';

/** What the child tells its parent: it holds the job with this id. */
export interface TakenJob {
  taken: string;
}

const [connectionString, queueName] = process.argv.slice(2);
if (connectionString && queueName && process.send) {
  const send = process.send.bind(process);
  const queue = new PgBossQueue({
    connectionString,
    log: createLogger(loadConfig({ LOG_LEVEL: 'silent' })),
    pollingIntervalSeconds: 0.5,
  });
  await queue.work(
    queueName,
    async (_data, job) => {
      const message: TakenJob = { taken: job.id };
      send(message);
      // Hangs until the parent kills the process.
      await new Promise(() => undefined);
    },
    { concurrency: 1 },
  );
  await queue.start();
}
