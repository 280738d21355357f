import path from 'node:path';
import { LanderScaffoldError, scaffoldLander } from '../landers/scaffold.ts';
import { ROOT } from '../paths.ts';

/** `datekit new-lander <name>`: scaffolds a lander variant (see `landers/scaffold.ts`). */
export async function newLanderCommand(name: string): Promise<void> {
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
}
