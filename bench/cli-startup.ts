/**
 * How long the CLI takes to start: `datekit --help` beside `node -e 0` (Node's own start, the floor)
 * in the same run, and with `--rebuild` an unchanged `datekit build --brand <domain>` (its inputs
 * hashed, nothing rendered: the figure a deploy script or an editor's save hook waits for). Each
 * command runs `--runs` times, alternating, so that the machine's load weighs on all alike; prints
 * the median and the spread of wall time, the median CPU time, and the load average.
 * Usage: npx tsx bench/cli-startup.ts [--runs 9] [--rebuild [domain]]
 *   --rebuild builds the brand first if its build is not current (minutes), then times the rebuilds.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from '../packages/cli/src/paths.ts';
import { CLI } from '../packages/server/test/cli-process.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 9);
const rebuildIndex = args.indexOf('--rebuild');
const REBUILD =
  rebuildIndex >= 0 ? (args[rebuildIndex + 1]?.startsWith('--') ? undefined : args[rebuildIndex + 1]) : null;
const REBUILD_BRAND = REBUILD ?? 'localhost';

/**
 * Preloaded into each run: prints the process's CPU time (user and system) as it exits, the figure a
 * busy machine does not distort (a loaded machine stretches wall time, not CPU time).
 */
const CPU_REPORT = `data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\ncpu-ms:'+((u.user+u.system)/1000))})`;

/** Runs a command once; answers its wall and CPU seconds and what it printed. Fails the bench on a non-zero exit. */
function time(command: string[]): { seconds: number; cpu: number; output: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', CPU_REPORT, ...command], { cwd: ROOT, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`${command.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  const cpu = Number(/cpu-ms:([\d.]+)/.exec(result.stderr)?.[1] ?? NaN) / 1000;
  return { seconds, cpu, output: result.stdout + result.stderr };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const cases: { label: string; command: string[]; check?: (output: string) => void }[] = [
  { label: 'node -e 0', command: ['-e', '0'] },
  { label: 'datekit --help', command: [CLI, '--help'] },
];
if (REBUILD !== null) {
  const command = [CLI, 'build', '--brand', REBUILD_BRAND];
  // Brings the build up to date first: the runs below must find nothing to do.
  console.log(`datekit build --brand ${REBUILD_BRAND} (once, to bring it up to date)…`);
  time(command);
  cases.push({
    label: `datekit build --brand ${REBUILD_BRAND} (unchanged)`,
    command,
    check: (output) => {
      if (!output.includes('Nothing changed since the last build')) throw new Error(`it rebuilt:\n${output}`);
    },
  });
}

console.log(
  `datekit CLI start: ${RUNS} runs each, Node ${process.version}, ${os.availableParallelism()} CPUs, load ${load()}`,
);
// One run of each first: fills Node's compile cache as the first start after an install does.
for (const c of cases) time(c.command);
const seconds = new Map(cases.map((c) => [c.label, [] as number[]]));
const cpuSeconds = new Map(cases.map((c) => [c.label, [] as number[]]));
for (let run = 0; run < RUNS; run++) {
  for (const c of cases) {
    const { seconds: s, cpu, output } = time(c.command);
    c.check?.(output);
    seconds.get(c.label)!.push(s);
    cpuSeconds.get(c.label)!.push(cpu);
  }
}
const width = Math.max(...cases.map((c) => c.label.length));
for (const c of cases) {
  const values = seconds.get(c.label)!;
  console.log(
    `  ${c.label.padEnd(width)}  median ${median(values).toFixed(3)} s  (min ${Math.min(...values).toFixed(3)}, max ${Math.max(...values).toFixed(3)})  CPU ${median(cpuSeconds.get(c.label)!).toFixed(3)} s`,
  );
}
const floor = median(seconds.get('node -e 0')!);
const help = median(seconds.get('datekit --help')!);
const cpu = (label: string) => median(cpuSeconds.get(label)!).toFixed(2);
console.log(
  `cli-startup: --help ${help.toFixed(2)} s (goal < 0.5 s; CPU ${cpu('datekit --help')} s), ${(help - floor).toFixed(2)} s above node -e 0 ${floor.toFixed(2)} s (CPU ${cpu('node -e 0')} s)` +
    (REBUILD !== null
      ? `; unchanged rebuild ${median(seconds.get(cases[2]!.label)!).toFixed(2)} s (goal < 1 s; CPU ${cpu(cases[2]!.label)} s)`
      : '') +
    `; load ${load()}`,
);
