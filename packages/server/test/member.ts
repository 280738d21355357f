import { balanceOf, book } from '../features/credits/ledger.ts';
import type { TestClient } from './http-client.ts';
import { pathOf, validSignup, type TestServer } from './test-server.ts';

/** A member as the API tests use one: her profile id, what she signed up with, and her own browser. */
export interface TestMember {
  id: number;
  name: string;
  email: string;
  browser: TestClient;
}

export interface MemberOptions {
  /** Names her: `Chatter3`, `chatter-3@example.com` for 'Chatter'. Default 'Member'. */
  label?: string;
  /** The brand's host her browser visits (`alpha.test` by default). */
  host?: string;
  /** Her browser's `lang` cookie, which picks the language of her mails. */
  language?: string;
  /** Signup fields over `validSignup()`'s and the label's name and email. */
  signup?: Record<string, unknown>;
  /** `false` leaves the activation link unvisited (the account stays inactive). */
  activate?: boolean;
  /** Her balance after activation, exactly (activation books the signup credits; this corrects them). */
  credits?: number;
  /** Dates her signup this long before the server's now (the welcome days and time bonus count from it). */
  signedUpAgoMs?: number;
}

// One counter for every test file of a worker (they share loaded modules): emails stay unique per server.
let counter = 0;

/** Signs a member up through the API, as a visitor does, and activates her by the mailed link. */
export async function member(server: TestServer, options: MemberOptions = {}): Promise<TestMember> {
  const n = ++counter;
  const label = options.label ?? 'Member';
  const browser = server.client(options.host);
  if (options.language) browser.cookies.set('lang', options.language);
  const request = validSignup({
    email: `${label.toLowerCase()}-${n}@example.com`,
    name: `${label}${n}`,
    ...options.signup,
  });
  const res = await browser.post<{ user: { profile: { id: number } } }>('/api/signup.php', request);
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  const id = res.body.user.profile.id;
  if (options.activate !== false) await browser.get(pathOf(server.latestActivationLink()));
  if (options.credits !== undefined) {
    const balance = await balanceOf(server.services.db, id);
    await book(server.services.db, {
      userId: id,
      amount: options.credits - balance,
      reason: 'grant',
      note: 'test',
      at: server.services.now(),
    });
  }
  if (options.signedUpAgoMs !== undefined) {
    const createdAt = server.services.now() - options.signedUpAgoMs;
    await server.services.db.updateTable('users').set({ created_at: createdAt }).where('id', '=', id).execute();
  }
  return { id, name: request.name as string, email: request.email as string, browser };
}
