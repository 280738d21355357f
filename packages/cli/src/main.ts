import { Command } from 'commander';
import { ConfigError } from '@datekit/server';
import { registerBuild } from './commands/build.ts';
import { registerCredits } from './commands/credits.ts';
import { registerDashboard } from './commands/dashboard.ts';
import { registerDb } from './commands/db.ts';
import { registerDbBackup } from './commands/db-backup.ts';
import { registerDiscounts } from './commands/discounts.ts';
import { registerPayments } from './commands/payments.ts';
import { registerDemo } from './commands/demo.ts';
import { registerDocs } from './commands/docs.ts';
import { registerJobs } from './commands/jobs.ts';
import { registerNewLander } from './commands/new-lander.ts';
import { registerOperators } from './commands/operators.ts';
import { registerPhotos } from './commands/photos.ts';
import { registerPush } from './commands/push.ts';
import { registerReports } from './commands/reports.ts';
import { registerServe } from './commands/serve.ts';
import { registerValidate } from './commands/validate.ts';
import { registerExperiments } from './commands/experiments.ts';
import { registerCampaigns } from './commands/campaigns.ts';

const program = new Command()
  .name('datekit')
  .description('Validate, build and serve white-label dating sites from brands/<domain>.yaml')
  .showHelpAfterError();

registerValidate(program);
registerBuild(program);
registerDocs(program);
registerJobs(program);
registerDashboard(program);
registerDb(program);
registerDbBackup(program);
registerServe(program);
registerPhotos(program);
registerPush(program);
registerReports(program);
registerNewLander(program);
registerCredits(program);
registerOperators(program);
registerPayments(program);
registerDiscounts(program);
registerDemo(program);
registerExperiments(program);
registerCampaigns(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A setting that cannot run is the operator's to fix: one line naming it, not a stack.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`datekit: ${error.message}`);
  process.exitCode = 1;
}
