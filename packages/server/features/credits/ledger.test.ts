import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { balanceOf, book } from './ledger.ts';

const SERVER = path.resolve(import.meta.dirname, '../..');
const LEDGER = path.join(SERVER, 'features/credits/ledger.ts');

/** A Kysely insert or a raw SQL insert into the ledger, however it is quoted. */
const LEDGER_INSERT = [/insertInto\(\s*['"`]credit_ledger\b/, /insert\s+into\s+["`]?credit_ledger\b/i];

/**
 * The server's code (tests and the test fixtures under test/ excluded: they set up ledgers, including
 * ones `book` would refuse).
 */
function serverSources(dir: string = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || file === path.join(SERVER, 'test') ? [] : serverSources(file);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

function insertsIntoLedger(file: string): boolean {
  const source = fs.readFileSync(file, 'utf8');
  return LEDGER_INSERT.some((pattern) => pattern.test(source));
}

describe('the credit ledger', () => {
  it('has one writer: only book() in ledger.ts inserts into credit_ledger', () => {
    const sources = serverSources();
    // The scan must see the writer itself, or it would pass by finding nothing.
    expect(sources).toContain(LEDGER);
    expect(insertsIntoLedger(LEDGER)).toBe(true);
    const others = sources.filter((file) => file !== LEDGER && insertsIntoLedger(file));
    expect(others.map((file) => path.relative(SERVER, file))).toEqual([]);
  });
});

describe('book', () => {
  let server: TestServer;
  let userId: number;
  beforeAll(async () => {
    server = await startTestServer();
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email: 'booked@example.com' }));
    await browser.get(pathOf(server.latestActivationLink()));
    ({ id: userId } = await server.services.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'booked@example.com')
      .executeTakeFirstOrThrow());
  });
  afterAll(() => server.close());

  it('with `once`, books a reason and ref one time and answers whether this call booked it', async () => {
    const before = await balanceOf(server.services.db, userId);
    const entry = { userId, amount: 15, reason: 'grant', ref: 'ledger-test:1', once: true, at: 0 } as const;
    expect(await book(server.services.db, entry)).toBe(true);
    expect(await book(server.services.db, entry)).toBe(false);
    expect(await balanceOf(server.services.db, userId)).toBe(before + 15);
  });

  it('without `once`, a repeated reason and ref fails instead of booking twice', async () => {
    const entry = { userId, amount: 5, reason: 'grant', ref: 'ledger-test:2', at: 0 } as const;
    expect(await book(server.services.db, entry)).toBe(true);
    const before = await balanceOf(server.services.db, userId);
    await expect(book(server.services.db, entry)).rejects.toThrow();
    expect(await balanceOf(server.services.db, userId)).toBe(before);
  });
});
