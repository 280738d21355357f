// Preloaded by tests (`node --import ./record-modules.mjs …`): writes the URL of every module the
// process resolved, one a line, to the file RECORD_MODULES names, when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    loaded.add(result.url);
    return result;
  },
});
process.on('exit', () => writeFileSync(process.env.RECORD_MODULES, [...loaded].join('\n')));
