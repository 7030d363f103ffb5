import { ServiceUnavailableError } from '../../errors.ts';
import type { HealthRepo } from './repo.ts';

export class HealthService {
  constructor(private readonly repo: HealthRepo) {}

  /** Throws when the server cannot serve content, so load balancers stop routing to it. */
  async check(): Promise<{ status: 'ok' }> {
    try {
      await this.repo.ping();
    } catch (error) {
      throw new ServiceUnavailableError('Database unavailable', { cause: error });
    }
    return { status: 'ok' };
  }
}
