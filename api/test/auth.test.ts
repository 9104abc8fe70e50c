import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { exchange, freshClientAddress, providerSignIn, signIn, startTestServer, testDatabases, useServerOn } from './testServer.js';

for (const database of testDatabases()) {
  describe(`sign-in on ${database.name}`, () => {
    const issuer = 'http://tasko.test/dev-idp';

    /** A browser that asked for a nonce: tokens below carry its nonce, logins send its cookie. */
    const browser = { nonce: '', cookie: '' };
    const suite = useServerOn(database, {}, async () => {
      const answer = await suite.server.app.inject({ method: 'POST', url: '/api/v1/auth/nonce' });
      browser.nonce = answer.json().nonce;
      browser.cookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
    });

    const login = (idToken?: string, cookie = browser.cookie) =>
      suite.server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/google/login',
        headers: { ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...(cookie ? { cookie } : {}) },
        remoteAddress: freshClientAddress(),
      });

    async function forged(claims: Record<string, unknown>, options: { expiresIn?: string; audience?: string; issuer?: string } = {}) {
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT({ email: 'mallory@example.com', email_verified: true, name: 'Mallory', nonce: browser.nonce, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'other' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? 'tasko-local')
        .setSubject('mallory')
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(privateKey);
    }

    it('creates the user on first sign-in and answers a session token with default settings', async () => {
      const res = await exchange(suite.server.app, await providerSignIn(suite.server.app, 'Dana@Example.com', 'Dana'));
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(typeof body.accessToken, 'string');
      // Its id, so a page knows which messages of a conversation are its own.
      assert.equal(typeof body.user.id, 'number');
      assert.deepEqual(body.user, { id: body.user.id, email: 'dana@example.com', name: 'Dana', ageConfirmed: false, isAdmin: false });
      assert.deepEqual(body.settings, { language: 'he', theme: 'light', emailNotifications: true, smsNotifications: false });
      const again = await exchange(suite.server.app, await providerSignIn(suite.server.app, 'dana@example.com', 'Dana L'));
      assert.equal(again.json().user.name, 'Dana L', 'the same user, updated');
    });

    it('refuses a missing token, another key, an expired token, another audience or issuer, an unverified email', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const expired = await new SignJWT({ email: 'a@b.c', email_verified: true, nonce: browser.nonce })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(issuer)
        .setAudience('tasko-local')
        .setSubject('x')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
        .sign(privateKey);
      const cases = {
        missing: await login(undefined),
        garbage: await login('not-a-jwt'),
        otherKey: await login(await forged({})),
        expired: await login(expired),
        otherAudience: await login(await forged({}, { audience: 'someone-else' })),
        otherIssuer: await login(await forged({}, { issuer: 'https://evil.example/idp' })),
        unverifiedEmail: await login(await forged({ email_verified: false })),
      };
      for (const [name, res] of Object.entries(cases)) {
        assert.equal(res.statusCode, 401, name);
        assert.deepEqual(res.json(), { statusCode: 401, messageKey: 'authFailed' }, name);
      }
    });

    it('refuses a token signed with the provider’s own key when it is expired, unverified or for another audience', async () => {
      const jwk = JSON.parse(fs.readFileSync(path.join(suite.server.dataDir, 'dev-idp-key.json'), 'utf8'));
      const key = await importJWK(jwk, 'RS256');
      const genuine = (claims: Record<string, unknown>, audience = 'tasko-local', expiresAt = Math.floor(Date.now() / 1000) + 300) =>
        new SignJWT({ email: 'gen@example.com', email_verified: true, name: 'Gen', nonce: browser.nonce, ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject('gen')
          .setIssuedAt(expiresAt - 600)
          .setExpirationTime(expiresAt)
          .sign(key);
      assert.equal((await login(await genuine({}))).statusCode, 200, 'the control case signs in');
      assert.equal((await login(await genuine({}, 'tasko-local', Math.floor(Date.now() / 1000) - 60))).statusCode, 401, 'expired');
      assert.equal((await login(await genuine({ email_verified: false }))).statusCode, 401, 'unverified email');
      assert.equal((await login(await genuine({}, 'another-client'))).statusCode, 401, 'another audience');
    });

    it('revokes the session on logout', async () => {
      const token = await signIn(suite.server.app, 'eve@example.com');
      const auth = { authorization: `Bearer ${token}` };
      assert.equal((await suite.server.app.inject({ url: '/api/v1/user/settings', headers: auth })).statusCode, 200);
      assert.equal((await suite.server.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth })).statusCode, 204);
      const after = await suite.server.app.inject({ url: '/api/v1/user/settings', headers: auth });
      assert.equal(after.statusCode, 401);
      assert.deepEqual(after.json(), { statusCode: 401, messageKey: 'unauthorized' });
    });

    it('refuses a tampered session token', async () => {
      const token = await signIn(suite.server.app, 'trudy@example.com');
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
      assert.equal(
        (await suite.server.app.inject({ url: '/api/v1/user/settings', headers: { authorization: `Bearer ${tampered}` } })).statusCode,
        401,
      );
    });

    it('runs the redirect flow of the local provider, to the site’s own pages only', async () => {
      const config = await suite.server.app.inject('/dev-idp/.well-known/openid-configuration');
      assert.equal(config.json().issuer, issuer);
      assert.equal(config.json().authorization_endpoint, `${issuer}/authorize`);
      const jwks = await suite.server.app.inject('/dev-idp/jwks');
      assert.equal(jwks.json().keys[0].kty, 'RSA');
      assert.equal(jwks.json().keys[0].d, undefined, 'no private part is published');

      const redirect = encodeURIComponent('http://tasko.test/auth/callback');
      const page = await suite.server.app.inject(
        `/dev-idp/authorize?client_id=tasko-local&redirect_uri=${redirect}&response_type=id_token&scope=openid%20email%20profile&nonce=${browser.nonce}&state=s1`,
      );
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<label for="email">Email<\/label>/);
      assert.match(page.body, /<label for="name">Name<\/label>/);
      assert.match(page.body, /<button type="submit">Continue<\/button>/);

      const submitted = await suite.server.app.inject({
        method: 'POST',
        url: '/dev-idp/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: 'flow@example.com',
          name: 'Flow',
          redirect_uri: 'http://tasko.test/auth/callback',
          nonce: browser.nonce,
          state: 's1',
        }).toString(),
      });
      assert.equal(submitted.statusCode, 303);
      const location = new URL(submitted.headers.location as string);
      assert.equal(location.origin + location.pathname, 'http://tasko.test/auth/callback');
      const fragment = new URLSearchParams(location.hash.slice(1));
      assert.equal(fragment.get('state'), 's1');
      const idToken = fragment.get('id_token') ?? '';
      assert.equal(JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).nonce, browser.nonce);
      assert.equal((await login(idToken)).statusCode, 200);

      const foreign = await suite.server.app.inject(`/dev-idp/authorize?redirect_uri=${encodeURIComponent('https://evil.example/steal')}`);
      assert.equal(foreign.statusCode, 400);
    });

    it('limits sign-in attempts', async () => {
      const limited = await startTestServer(suite.handle);
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          statuses.push(
            (await limited.app.inject({ method: 'POST', url: '/api/v1/auth/google/login', remoteAddress: '192.0.2.7' })).statusCode,
          );
        }
        assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
        assert.equal(statuses[10], 429);
        const res = await limited.app.inject({ method: 'POST', url: '/api/v1/auth/google/login', remoteAddress: '192.0.2.7' });
        assert.equal(res.json().messageKey, 'rateLimited');
      } finally {
        await limited.close();
      }
    });
  });
}

describe('the local provider in production', () => {
  it('is refused unless switched on explicitly', async () => {
    const [database] = testDatabases();
    const handle = await database!.open();
    try {
      const off = await startTestServer(handle, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
      assert.equal((await off.app.inject('/dev-idp/jwks')).statusCode, 404);
      await off.close();
      const on = await startTestServer(handle, { NODE_ENV: 'production', DEV_IDP: 'on', LOG_LEVEL: 'silent' });
      assert.equal((await on.app.inject('/dev-idp/jwks')).statusCode, 200);
      await on.close();
    } finally {
      await handle.close();
    }
  });
});
