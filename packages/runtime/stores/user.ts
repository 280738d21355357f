import { atom, computed, onMount, task } from 'nanostores';
import type { SignupRequest } from '../schemas/api/signup.ts';
import type { LoginRequest, User } from '../schemas/api/user.ts';
import { refreshDelay } from '../rules/refresh.ts';
import { isPushSubscribed } from './push.ts';
import { api, isBrowser, onAuthenticationRequired } from './api.ts';

/** The logged-in member: undefined until the first answer, null for a visitor (spec §3 User). */
export const $user = atom<User | null | undefined>(undefined);

export type AuthState = 'unknown' | 'logged-in' | 'logged-out';

export const $authState = computed($user, (user): AuthState => {
  if (user === undefined) return 'unknown';
  return user ? 'logged-in' : 'logged-out';
});

// Every change bumps the version, so an answer that started before a login or logout cannot undo it.
let version = 0;
function setUser(user: User | null): void {
  version += 1;
  $user.set(user);
}

// Spec §8: a 403 with authentication_required logs the member out.
onAuthenticationRequired(() => setUser(null));

onMount($user, () => {
  if (!isBrowser()) return;
  void loadUser().catch(() => undefined);
  // Spec §4: refresh the current user first after 5 s, then every 60 s, while someone is listening.
  let refreshes = 0;
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    timer = setTimeout(
      () => {
        const due = $user.value ? loadUser().catch(() => undefined) : Promise.resolve();
        void due.then(schedule);
        refreshes += 1;
      },
      refreshDelay(refreshes, isPushSubscribed()),
    );
  };
  schedule();
  return () => clearTimeout(timer);
});

/** Asks the server who is logged in. A visitor whose request failed is treated as logged out. */
export function loadUser(): Promise<User | null> {
  return task(async () => {
    const started = version;
    try {
      const { user } = await api().call('GET /api/user.php');
      if (started === version) setUser(user);
      return user;
    } catch (error) {
      if (started === version && $user.value === undefined) setUser(null);
      throw error;
    }
  });
}

/** Logs in; throws the server's `login_failed` or `login_blocked` (with `minutes`) as an ApiRequestError. */
export function login(credentials: LoginRequest): Promise<User> {
  return task(async () => {
    const { user } = await api().call('POST /api/user.php', { body: credentials });
    if (!user) throw new Error('The server logged in nobody');
    setUser(user);
    return user;
  });
}

export function logout(): Promise<void> {
  return task(async () => {
    await api().call('GET /api/logout.php');
    setUser(null);
  });
}

/** Creates the account; the new member is logged in as not_confirmed until they follow the activation link. */
export function signup(request: SignupRequest): Promise<User> {
  return task(async () => {
    // Creating an account is not safe to repeat: a retry after a lost answer would meet `email_taken`.
    const { user } = await api().call('POST /api/signup.php', { body: request }, { retries: 0 });
    if (!user) throw new Error('The server created no user');
    setUser(user);
    return user;
  });
}

/** Takes a user that another call answered with (e.g. PUT /api/user.php), so every island sees it. */
export function receiveUser(user: User | null): void {
  setUser(user);
}
