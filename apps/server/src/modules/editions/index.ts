// The editions module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { BrandSettings } from './brand-settings.ts';
export { DemoSeedRepo } from './demo-seed-repo.ts';
export { landingSpec, startLandingHeadStart } from './demo-seed-head-start.ts';
export {
  DEFAULT_DEMO_PLAN,
  DemoSeeder,
  type DemoPlan,
  type DemoSeedProgress,
} from './demo-seed.ts';
export { EpaperAnswers } from './epaper-answers.ts';
export { EpaperReplays } from './epaper-replays.ts';
export { IssueRepo } from './issue-repo.ts';
export { landingHints } from './landing-hints.ts';
export { MediaSweep } from './media-sweep.ts';
export { GateRefusedError, PublishService } from './publish-service.ts';
export { EditionRepo } from './repo.ts';
export { editionRoutes } from './routes.ts';
export { EditionService } from './service.ts';
