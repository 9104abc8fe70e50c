import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Language } from '@tasko/shared/domain';
import { freshClientAddress, providerSignIn, signIn, testDatabases, useServerOn } from './testServer.js';

/**
 * Issue 15: a user whose saved language is English signs in from /he/login. The language of the page they
 * sign in from wins: the answer says Hebrew (so the browser lands on /he/…), and their settings keep it.
 */
for (const database of testDatabases()) {
  describe(`the sign-in language on ${database.name}`, () => {
    const suite = useServerOn(database);

    /** POST /auth/google/login as the sign-in page sends it: `?language=` is the page's language. */
    async function signInFrom(language: Language | undefined, email: string) {
      const from = await providerSignIn(suite.server.app, email);
      return suite.server.app.inject({
        method: 'POST',
        url: `/api/v1/auth/google/login${language ? `?language=${language}` : ''}`,
        headers: { authorization: `Bearer ${from.idToken}`, cookie: from.cookie },
        remoteAddress: freshClientAddress(),
      });
    }

    async function savedSettings(token: string) {
      return (await suite.server.app.inject({ url: '/api/v1/user/settings', headers: { authorization: `Bearer ${token}` } })).json();
    }

    it('saves the language of the page signed in from over the stored one, keeping the other settings', async () => {
      const token = await signIn(suite.server.app, 'yael@example.com', 'Yael');
      const english = { language: 'en', theme: 'dark', emailNotifications: false, smsNotifications: false };
      const saved = await suite.server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: english,
      });
      assert.equal(saved.statusCode, 200);

      const login = await signInFrom('he', 'yael@example.com');
      assert.equal(login.statusCode, 200);
      assert.deepEqual(login.json().settings, { ...english, language: 'he' }, 'the answer is in the language signed in with');
      assert.deepEqual(await savedSettings(login.json().accessToken), { ...english, language: 'he' }, 'and it is saved');
    });

    it('gives a first sign-in the language it came from, and a sign-in without a language keeps the saved one', async () => {
      const first = await signInFrom('ru', 'ivan@example.com');
      assert.equal(first.statusCode, 200);
      assert.equal(first.json().settings.language, 'ru');

      const again = await signInFrom(undefined, 'ivan@example.com');
      assert.equal(again.json().settings.language, 'ru');

      const fromArabic = await signInFrom('ar', 'ivan@example.com');
      assert.deepEqual(fromArabic.json().settings, { language: 'ar', theme: 'light', emailNotifications: true, smsNotifications: false });
    });

    it('refuses a language the site does not have, and saves nothing', async () => {
      const token = await signIn(suite.server.app, 'omer@example.com');
      const refused = await signInFrom('fr' as Language, 'omer@example.com');
      assert.equal(refused.statusCode, 400);
      assert.equal((await savedSettings(token)).language, 'he');
    });
  });
}
