import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/e2e-env.ts';

/**
 * What the guide's unit (deploy/systemd/datekit@.service) gives a process: its `Environment=` settings
 * with the instance name (`%i`, the port) filled in, and ExecStart's arguments after the program. The
 * stage starts its instances with these; the program is the project's Node (node_modules/.bin/node),
 * as this machine has no Node 24 at the unit's path, and EnvironmentFile's secrets come from the test.
 */
export function unitService(instance: string): { env: Record<string, string>; args: string[] } {
  const unit = fs.readFileSync(path.join(ROOT, 'deploy/systemd/datekit@.service'), 'utf8');
  const env: Record<string, string> = {};
  for (const [, key, value] of unit.matchAll(/^Environment=(\w+)=(.*)$/gm)) env[key!] = value!.replace(/%i/g, instance);
  const exec = /^ExecStart=(\S+)\s+(.*)$/m.exec(unit);
  if (!exec) throw new Error('deploy/systemd/datekit@.service has no ExecStart');
  return { env, args: exec[2]!.split(/\s+/) };
}
