import { ServiceUnavailableError } from '../../errors.ts';
import type { DemoSeedProgress } from '../editions/index.ts';
import type { HealthRepo } from './repo.ts';

export class HealthService {
  constructor(
    private readonly repo: HealthRepo,
    private readonly seedProgress: () => DemoSeedProgress,
  ) {}

  /** Throws when the server cannot serve content, so load balancers stop routing to it. */
  async check(): Promise<{ status: 'ok' }> {
    try {
      await this.repo.ping();
    } catch (error) {
      throw new ServiceUnavailableError('Database unavailable', { cause: error });
    }
    return { status: 'ok' };
  }

  /**
   * Serving and how far the demo seed is. The server serves whatever is published
   * while it seeds, so seeding is not a reason to take it out of rotation.
   */
  async readiness(): Promise<{ status: 'ok'; demoSeed: DemoSeedProgress }> {
    await this.check();
    return { status: 'ok', demoSeed: this.seedProgress() };
  }
}
