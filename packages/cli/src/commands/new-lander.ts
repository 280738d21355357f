import path from 'node:path';
import type { Command } from 'commander';
import { LanderScaffoldError, scaffoldLander } from '../landers/scaffold.ts';
import { ROOT } from '../paths.ts';

/** `datekit new-lander <name>`: scaffolds a lander variant (see `landers/scaffold.ts`). */
export function registerNewLander(program: Command): void {
  program
    .command('new-lander')
    .argument('<name>', 'the variant: lower-case letters and digits, e.g. summerlanding')
    .description('Scaffold a new lander variant under /landers/<name>/{slug?}: page, English copy, route')
    .action(async (name: string) => {
      try {
        const result = await scaffoldLander(ROOT, name);
        console.log(`created the lander "${name}" (/landers/${name} and /landers/${name}/<niche>):`);
        for (const file of result.files) console.log(`  ${path.normalize(file)}`);
        console.log(`\ntranslate these keys in: ${result.translate.join(', ')}`);
        for (const key of result.keys) console.log(`  ${key}`);
        console.log(
          [
            '',
            'until then the locale test fails (`npx vitest run packages/runtime/i18n`), on purpose.',
            `brands whose \`landers\` list is set publish it once they add "${name}"; the others publish every variant.`,
            'then run `npm run datekit -- docs` (the brand reference lists the variants) and build.',
          ].join('\n'),
        );
      } catch (error) {
        if (!(error instanceof LanderScaffoldError)) throw error;
        console.error(`datekit new-lander: ${error.message}`);
        process.exitCode = 1;
      }
    });
}
