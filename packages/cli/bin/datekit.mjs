#!/usr/bin/env node
// Runs the TypeScript sources directly: Node 24 strips the types itself (the code is erasable only,
// tsconfig's erasableSyntaxOnly keeps it so), without a transpiler or a build step. Node's compile
// cache keeps each module stripped and compiled between runs, so a start after the first compiles
// nothing again. Set through the environment, so that the processes the CLI starts (the build's
// render workers) use it from their first import too; NODE_COMPILE_CACHE chooses another folder.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

if (!process.features.typescript) {
  // An older Node (the system's 20, say) would fail on the first `.ts` import with an obscure error.
  console.error(
    `datekit runs on Node 24 (this is ${process.version}). Run it through npm (npm start, npx datekit), ` +
      'which uses the Node the project installs, or put node_modules/.bin first on PATH.',
  );
  process.exit(1);
}

process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'node-compile-cache');
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
await import('../src/main.ts');
