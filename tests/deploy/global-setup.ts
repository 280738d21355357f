import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../packages/server/test/cli-process.ts';
import { startFakeMollie } from '../../packages/server/test/fake-mollie.ts';
import { ROOT } from '../e2e/e2e-env.ts';
import { CLI, NODE, type Deployment } from './deploy-env.ts';
import { startNginx, waitFor, type Site } from './nginx.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { unitService } from './systemd-unit.ts';
import { makeTestCa } from './test-ca.ts';

/**
 * Runs `start` again (at most three times) when it failed because a port it was given was taken in
 * the moment between freePort() and the child's listen: another test on the machine took it.
 */
async function onFreshPorts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE|Address already in use|is already in use/.test(String(error))) throw error;
      console.log(`deployment stage: a port was taken meanwhile, trying others (${String(error).split('\n')[0]})`);
    }
  }
}

async function answers200(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** Ends a child and waits for its exit; SIGKILL if it has not exited within `graceMs`. */
async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts what docs/deployment.md describes, for one run, under unique names: a test CA, an SMTP sink,
 * a fake of Mollie's API, a fresh PostgreSQL database migrated once with `datekit db migrate`, two
 * `datekit serve` processes (NODE_ENV=production, shared Redis, TRUST_PROXY=1) and nginx running the
 * guide's file. Answers the teardown, which also runs when a step here fails.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `datekit-deploy-${run}-`));
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e: unknown) => console.error('teardown:', e));
    if (process.env.DEPLOY_KEEP !== '1') fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`deployment stage: kept ${dir}`);
    console.log(`deployment stage: ${((Date.now() - started) / 1000).toFixed(1)} s from setup to teardown`);
  };
  try {
    execFileSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
    execFileSync('bash', [path.join(ROOT, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
    // The end-to-end stage before this one builds the demo brand; build it only when it is missing.
    if (!fs.existsSync(path.join(ROOT, 'dist/localhost/routes.json'))) {
      execFileSync(NODE, [CLI, 'build', '--brand', 'localhost'], { stdio: 'inherit', cwd: ROOT });
    }

    const ca = makeTestCa(path.join(dir, 'ca'), ['localhost', '*.localhost', 'operator.localhost', '127.0.0.1']);
    const tls = { key: fs.readFileSync(ca.key), cert: fs.readFileSync(ca.fullchain) };

    const mailDir = path.join(dir, 'mail');
    const smtp = await startSmtpSink(mailDir, tls);
    cleanups.push(smtp.close);
    const mollie = await startFakeMollie({ tls, hostedCheckout: true, webhookCa: fs.readFileSync(ca.caCert) });
    cleanups.push(mollie.close);

    // A database of this run's own, dropped at the end.
    const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const database = `datekit_deploy_${run}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;

    const varDir = path.join(dir, 'var');
    // What the guide's /etc/datekit/env holds, for this run (NODE_ENV, HOST, TRUST_PROXY come from the unit).
    const serverEnv: Record<string, string> = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      RATE_LIMIT_PREFIX: `datekit-rl-deploy-${run}:`,
      DATEKIT_VAR_DIR: varDir,
      MEDIA_DIR: path.join(dir, 'media'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'datekit deployment test <noreply@localhost>',
      MOLLIE_API_KEY: mollie.apiKey,
      MOLLIE_API_URL: mollie.url,
      // The servers trust the run's CA like any other: Node adds it to its store. Never
      // NODE_TLS_REJECT_UNAUTHORIZED=0.
      NODE_EXTRA_CA_CERTS: ca.caCert,
      METRICS_HOST: '127.0.0.1',
    };
    // The run's rate-limit counters go with it (they would expire within the hour anyway).
    cleanups.push(async () => {
      const redis = new Redis(serverEnv.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: `${serverEnv.RATE_LIMIT_PREFIX}*` }))
        keys.push(...(batch as string[]));
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
    const childEnv = (extra: Record<string, string>, unit = unitService('4321').env) => {
      const env: Record<string, string> = {};
      // The runner's own settings for tests stay out: these servers run as production does.
      for (const [key, value] of Object.entries(process.env)) {
        if (value !== undefined && !/^(PASSWORD_SCRYPT_N|RATE_LIMIT|DATEKIT_|E2E_|TEST_DATABASE_URL)/.test(key))
          env[key] = value;
      }
      return { ...env, ...unit, ...serverEnv, ...extra };
    };
    // As the guide says: migrate once, from a deploy step, then start the instances.
    execFileSync(NODE, [CLI, 'db', 'migrate'], { cwd: ROOT, env: childEnv({}), stdio: 'inherit' });
    const operator = {
      email: `finance-${run}@ops.test`,
      password: `operator password ${run}`,
      totpSecret: '',
    };
    const added = execFileSync(
      NODE,
      [CLI, 'operators', 'add', '--email', operator.email, '--role', 'finance', '--password', operator.password],
      { cwd: ROOT, env: childEnv({}), encoding: 'utf8' },
    );
    operator.totpSecret = /TOTP secret: (\S+)/.exec(added)![1]!;

    /** One `datekit serve` as the guide's unit runs it (datekit@<port>), on ports of its own; once it is ready. */
    const startInstance = async (name: string) => {
      const [port, metrics] = await Promise.all([freePort(), freePort()]);
      const logFile = path.join(dir, `instance-${name}.log`);
      const log = fs.openSync(logFile, 'a');
      // The unit's Environment= lines (with %i, the instance, as the port) and ExecStart's arguments.
      const unit = unitService(String(port));
      const child = spawn(NODE, unit.args, {
        cwd: ROOT,
        env: childEnv({ METRICS_PORT: String(metrics) }, unit.env),
        stdio: ['ignore', log, log],
      });
      cleanups.push(async () => {
        await stop(child);
        fs.closeSync(log);
      });
      const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code) =>
          reject(new Error(`instance ${name} exited (${code}):\n${fs.readFileSync(logFile, 'utf8')}`)),
        ),
      );
      exited.catch(() => undefined);
      await Promise.race([
        exited,
        waitFor(() => answers200(`http://127.0.0.1:${port}/readyz`), 60_000, `instance ${name}'s /readyz`),
      ]);
      return { port, metrics, pid: child.pid! };
    };
    const instanceA = await onFreshPorts(() => startInstance('a'));
    const instanceB = await onFreshPorts(() => startInstance('b'));
    const [portA, portB] = [instanceA.port, instanceB.port];

    const site = (upstream: string, httpsPort: number, httpPort: number, instances: [number, number]): Site => ({
      upstream,
      httpsPort,
      httpPort,
      instances: [`127.0.0.1:${instances[0]}`, `127.0.0.1:${instances[1]}`],
      certificate: ca.fullchain,
      key: ca.key,
    });
    const { nginx, main, mainHttp, a, b } = await onFreshPorts(async () => {
      const [main, mainHttp, a, aHttp, b, bHttp] = (await Promise.all(Array.from({ length: 6 }, freePort))) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const nginx = await startNginx(path.join(dir, 'nginx'), [
        site('datekit', main, mainHttp, [portA, portB]),
        site('datekit_a', a, aHttp, [portA, portA]),
        site('datekit_b', b, bHttp, [portB, portB]),
      ]);
      return { nginx, main, mainHttp, a, b };
    });
    cleanups.push(() => stop(nginx.process, 'SIGQUIT'));

    const deploymentInfo: Deployment = {
      baseUrl: `https://localhost:${main}`,
      pinnedA: `https://localhost:${a}`,
      pinnedB: `https://localhost:${b}`,
      httpUrl: `http://localhost:${mainHttp}`,
      metricsA: `http://127.0.0.1:${instanceA.metrics}/metrics`,
      metricsB: `http://127.0.0.1:${instanceB.metrics}/metrics`,
      mailDir,
      instances: [
        { port: instanceA.port, pid: instanceA.pid },
        { port: instanceB.port, pid: instanceB.pid },
      ],
      mollieUrl: mollie.url,
      mollieKey: mollie.apiKey,
      caCert: ca.caCert,
      caSpkiHash: ca.caSpkiHash,
      serverEnv: childEnv({}),
      operator,
    };
    process.env.DATEKIT_DEPLOYMENT = JSON.stringify(deploymentInfo);
    // The workers start after this: their own HTTPS clients (Playwright's request contexts) trust the CA.
    process.env.NODE_EXTRA_CA_CERTS = ca.caCert;
    console.log(`deployment stage: started in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
