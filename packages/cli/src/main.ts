import { Command } from 'commander';
import { ConfigError } from '@datekit/server/config-error';
import { declareBuild } from './commands/build.command.ts';
import { declareCampaigns } from './commands/campaigns.command.ts';
import { declareCredits } from './commands/credits.command.ts';
import { declareDashboard } from './commands/dashboard.command.ts';
import { declareDb } from './commands/db.command.ts';
import { declareDemo } from './commands/demo.command.ts';
import { declareDiscounts } from './commands/discounts.command.ts';
import { declareDocs } from './commands/docs.command.ts';
import { declareExperiments } from './commands/experiments.command.ts';
import { declareJobs } from './commands/jobs.command.ts';
import { declareNewLander } from './commands/new-lander.command.ts';
import { declareOperators } from './commands/operators.command.ts';
import { declarePayments } from './commands/payments.command.ts';
import { declarePhotos } from './commands/photos.command.ts';
import { declarePostbacks } from './commands/postbacks.command.ts';
import { declarePush } from './commands/push.command.ts';
import { declareReports } from './commands/reports.command.ts';
import { declareServe } from './commands/serve.command.ts';
import { declareValidate } from './commands/validate.command.ts';

/*
 * Every command is declared here (name, arguments, options, help) by its `<command>.command.ts`,
 * which imports nothing heavier than commander and a few constants; the command's own module
 * (`<command>.ts`: the server, Astro, ...) is imported by its action, when it runs. So `--help`
 * loads no server, and `build` never does (commands/cli-startup.test.ts keeps it so).
 */
const program = new Command()
  .name('datekit')
  .description('Validate, build and serve white-label dating sites from brands/<domain>.yaml')
  .showHelpAfterError();

declareValidate(program);
declareBuild(program);
declareDocs(program);
declareJobs(program);
declareDashboard(program);
declareDb(program);
declareServe(program);
declarePhotos(program);
declarePush(program);
declareReports(program);
declareNewLander(program);
declareCredits(program);
declareOperators(program);
declarePayments(program);
declareDiscounts(program);
declarePostbacks(program);
declareDemo(program);
declareExperiments(program);
declareCampaigns(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A setting that cannot run is the operator's to fix: one line naming it, not a stack.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`datekit: ${error.message}`);
  process.exitCode = 1;
}
