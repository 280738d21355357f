import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import { changePassword, deleteAccount, reactivateAccount, requestMailChange } from './account.ts';
import { $notificationSettings, enableMail, saveNotificationType } from './notifications.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';

const settings = (like: boolean) => ({
  preferences: {
    new_conversations: true,
    new_messages: true,
    like,
    unread_message_reminders: true,
    promotions: false,
    weekly_updates: true,
    news: false,
    reminders: true,
  },
  disabled: [],
});

afterEach(() => cleanStores($user, $notificationSettings));

describe('account actions', () => {
  it('send account changes once, never retrying (each try could mail or change again)', async () => {
    const net = scriptedFetch({
      'POST /api/mail-change.php': () => json(500, { error: 'internal', message: 'An error has occurred.' }),
      'PUT /api/password.php': () => json(500, { error: 'internal', message: 'An error has occurred.' }),
    });
    configureApi({ fetch: net.fetch, sleep: async () => undefined });
    await expect(requestMailChange('new@example.com', 'pw')).rejects.toThrow();
    await expect(changePassword('old', 'new one', 'new one')).rejects.toThrow();
    expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/mail-change.php',
      'PUT /api/password.php',
    ]);
  });

  it('log the member out after deleting and in after reactivating', async () => {
    const user = { email: 'a@b.cd', profile: { id: 1, name: 'A' } };
    const net = scriptedFetch({
      'POST /api/account-delete.php': () => json(200, { deleted: true, erase_at: '2026-12-08T00:00:00Z' }),
      'POST /api/account-reactivate.php': () => json(200, { user }),
    });
    configureApi({ fetch: net.fetch, sleep: async () => undefined });
    await deleteAccount('pw');
    expect($user.get()).toBeNull();
    await reactivateAccount('a@b.cd', 'pw');
    expect($user.get()).toEqual(user);
    expect(net.calls[1]!.body).toEqual({ email: 'a@b.cd', password: 'pw' });
  });
});

describe('notification settings store', () => {
  it('saves one switch and shows the server answer', async () => {
    const net = scriptedFetch({
      'PUT /api/notifications.php': () => json(200, settings(false)),
      'POST /api/notifications-enable.php': () => json(200, settings(false)),
      'GET /api/user.php': () => json(200, { user: null }),
    });
    configureApi({ fetch: net.fetch, sleep: async () => undefined });
    await saveNotificationType('like', false);
    expect(net.calls[0]!.body).toEqual({ preferences: { like: false } });
    expect($notificationSettings.get()).toEqual({ status: 'ready', data: settings(false) });
    await enableMail('bounce');
    expect(net.calls[1]!.body).toEqual({ reason: 'bounce' });
  });
});
