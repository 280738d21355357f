import type { Brand } from '@datekit/runtime/schemas/brand';
import { ROOT } from '../paths.ts';

export interface AstroBuildOptions {
  brands: readonly Brand[];
  outDir: string;
  /** Only these language versions (`<domain>/<lang>`); every language of every brand when omitted. */
  scope?: readonly string[];
  /** Astro's own log: `warn` keeps it to problems, `info` lists every page. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Kept for the callers (the bench builds several times in one process): Astro 5 tore its Go/WASM
   * compiler down after a build unless told not to; Astro 7's compiler is native and has nothing to
   * tear down, so the option no longer changes anything.
   */
  keepCompiler?: boolean;
}

/**
 * One programmatic Astro build for all the given brands: Vite, the compiler and the bundles start
 * once, and `getStaticPaths` fans every page out over each (brand, language) pair.
 */
export async function runAstroBuild(options: AstroBuildOptions): Promise<void> {
  // React picks its development or production build when first loaded, and react-dom's server
  // renderer must match it: set the mode before Astro, the React integration and React load.
  process.env.NODE_ENV = 'production';
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const [{ build }, { siteConfig }] = await Promise.all([
    import('astro'),
    import('../../../../src/integration/config.ts'),
  ]);
  // Astro writes its server bundle inside the output directory only when that lies under the working
  // directory (else into `<cwd>/.astro/`, which it then deletes): build from the project root.
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    await build({
      ...siteConfig({ brands: options.brands, ...(options.scope ? { scope: options.scope } : {}) }),
      root: ROOT,
      configFile: false,
      outDir: options.outDir,
      logLevel: options.logLevel ?? 'warn',
      mode: 'production',
    });
  } finally {
    process.chdir(cwd);
  }
}
