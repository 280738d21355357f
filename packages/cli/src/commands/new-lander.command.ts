import type { Command } from 'commander';

export function declareNewLander(program: Command): void {
  program
    .command('new-lander')
    .argument('<name>', 'the variant: lower-case letters and digits, e.g. summerlanding')
    .description('Scaffold a new lander variant under /landers/<name>/{slug?}: page, English copy, route')
    .action(async (name: string) => (await import('./new-lander.ts')).newLanderCommand(name));
}
