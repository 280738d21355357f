import type { Command } from 'commander';
import type { AddOptions } from './experiments.ts';

/** `datekit experiments add|list|end|promote`: lander experiments (issue 27, docs/marketing.md). */
export function declareExperiments(program: Command): void {
  const experiments = program.command('experiments').description("Manage a brand's lander experiments");
  experiments
    .command('add')
    .description('Start an experiment: visitors of --path get one arm each, by weight (the first arm is the control)')
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--path <path>', 'the URL path the traffic is sent to, e.g. /go/summer')
    .requiredOption(
      '--arm <variant[/niche][=weight]>',
      'an arm (2 to 6), e.g. --arm gallery/milf=50 --arm video=50',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--name <name>', 'a name for the console')
    .action(async (o: AddOptions) => (await import('./experiments.ts')).addExperimentCommand(o));
  experiments
    .command('list')
    .description("A brand's experiments with each arm's funnel and the test's verdict")
    .requiredOption('--brand <domain>', 'the brand')
    .option('--format <format>', 'text | json', 'text')
    .action(async (o: { brand: string; format: string }) =>
      (await import('./experiments.ts')).listExperimentsCommand(o),
    );
  experiments
    .command('end')
    .description('End a running experiment: its path shows the control arm (a) to everyone')
    .requiredOption('--brand <domain>', 'the brand')
    .argument('<id>', 'the experiment')
    .action(async (id: string, o: { brand: string }) => (await import('./experiments.ts')).endExperimentCommand(id, o));
  experiments
    .command('promote')
    .description('End a running experiment sending all of its traffic to one arm')
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--arm <arm>', 'the arm (a, b…)')
    .argument('<id>', 'the experiment')
    .action(async (id: string, o: { brand: string; arm: string }) =>
      (await import('./experiments.ts')).promoteArmCommand(id, o),
    );
}
