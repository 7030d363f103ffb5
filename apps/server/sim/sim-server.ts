// One Folio server for the billing simulation (sim/billing-sim.ts): the real app
// and container on the real database, as main.ts builds them, but without the
// minute timer: the simulation runs the scheduler itself, through the development
// clock's route, so a seed replays the same way. The simulation kills this process
// with SIGKILL between a provider's answer and the write that would record it.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { openPreparedContainer } from '../src/startup.ts';

const config = loadConfig(process.env);
const log = createLogger(config);
const container = await openPreparedContainer(config, log);
const app = await buildApp(config, { container });
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await container.db.destroy();
    process.exit(0);
  })();
});
await app.listen({ port: config.port, host: config.host });
process.send?.('listening');
