import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exchange, providerSignIn, signIn, testDatabases, useServerOn } from './testServer.js';

for (const database of testDatabases()) {
  describe(`settings on ${database.name}`, () => {
    const suite = useServerOn(database);

    it('saves settings and gives them back at the next sign-in, on any device', async () => {
      const token = await signIn(suite.server.app, 'lina@example.com', 'Lina');
      const headers = { authorization: `Bearer ${token}` };
      assert.deepEqual((await suite.server.app.inject({ url: '/api/v1/user/settings', headers })).json(), {
        language: 'he',
        theme: 'light',
        emailNotifications: true,
        smsNotifications: false,
      });
      const wanted = { language: 'ar', theme: 'dark', emailNotifications: false, smsNotifications: true };
      const saved = await suite.server.app.inject({ method: 'PUT', url: '/api/v1/user/settings', headers, payload: wanted });
      assert.equal(saved.statusCode, 200);
      assert.deepEqual(saved.json(), wanted);

      const signInState = await providerSignIn(suite.server.app, 'lina@example.com', 'Lina');
      const login = await exchange(suite.server.app, signInState);
      assert.deepEqual(login.json().settings, wanted);
    });

    it('refuses invalid settings field by field, and anonymous callers', async () => {
      const token = await signIn(suite.server.app, 'omar@example.com');
      const res = await suite.server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { language: 'fr', theme: 'blue', emailNotifications: 'yes', smsNotifications: false },
      });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), {
        statusCode: 400,
        messageKey: 'invalidRequest',
        fields: { language: 'languageInvalid', theme: 'themeInvalid', emailNotifications: 'settingInvalid' },
      });
      const anonymous = await suite.server.app.inject({ method: 'PUT', url: '/api/v1/user/settings', payload: { language: 'fr' } });
      assert.equal(anonymous.statusCode, 401, 'sign-in is checked before the body');
    });
  });
}

describe('hardening', () => {
  const suite = useServerOn(testDatabases()[0]!);

  it('sends security headers and a Content-Security-Policy without inline scripts', async () => {
    const res = await suite.server.app.inject('/api/v1/health');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['permissions-policy']), /camera=\(self\)/);
  });

  it('limits body sizes and never shows a stack trace', async () => {
    const big = await suite.server.app.inject({
      method: 'POST',
      url: '/dev-idp/token',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    });
    assert.equal(big.statusCode, 413);
    assert.deepEqual(big.json(), { statusCode: 413, messageKey: 'payloadTooLarge' });
    const broken = await suite.server.app.inject({
      method: 'POST',
      url: '/dev-idp/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    assert.equal(broken.statusCode, 400);
    assert.doesNotMatch(broken.body, /at .*\.(ts|js):\d+/);
    assert.deepEqual(Object.keys(broken.json()).sort(), ['messageKey', 'statusCode']);
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await suite.server.app.inject('/api/docs');
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\./);
    assert.ok(doc.paths['/api/v1/jobs']?.get, 'GET /jobs');
    assert.ok(doc.paths['/api/v1/user/settings']?.put?.requestBody, 'settings body from the shared schema');
    const params = doc.paths['/api/v1/jobs'].get.parameters.map((p: { name: string }) => p.name);
    for (const name of ['q', 'location', 'category', 'offerType', 'sort', 'page', 'pageSize', 'userEmail'])
      assert.ok(params.includes(name), name);
  });
});
