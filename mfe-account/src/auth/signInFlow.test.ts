import { alertReturnPath, api, HttpError } from '@tasko/shared';
import { authorizationUrl, destinationAfterSignIn, readCallback, safeRedirect, signInErrorOf, startSignIn } from './signInFlow';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
const idTokenWith = (payload: Record<string, unknown>) => `${base64url({ alg: 'RS256' })}.${base64url(payload)}.signature`;

beforeEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('sign-in flow', () => {
  it('keeps redirects on this site', () => {
    expect(safeRedirect('/ar/my-posted-jobs')).toBe('/ar/my-posted-jobs');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', undefined, 42]) expect(safeRedirect(bad)).toBe('/');
  });

  it('sends a post intent to the matching form', () => {
    expect(destinationAfterSignIn('/faq', 'post_job')).toBe('/post-job?offerType=job');
    expect(destinationAfterSignIn('/faq', 'post_service')).toBe('/post-job?offerType=service');
    expect(destinationAfterSignIn('/faq', undefined)).toBe('/faq');
  });

  it('builds the provider URL with the server’s nonce and a state the callback accepts', () => {
    const url = new URL(authorizationUrl('/en/faq', 'en', 'server-nonce-1', 'http://site.test'));
    expect(url.origin + url.pathname).toBe('http://site.test/dev-idp/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://site.test/auth/callback');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const nonce = url.searchParams.get('nonce') ?? '';
    expect(nonce).toBe('server-nonce-1');
    const state = url.searchParams.get('state') ?? '';
    const result = readCallback(`#id_token=${idTokenWith({ nonce })}&state=${state}`);
    expect(result).toEqual({ ok: true, idToken: expect.any(String) as string, state: { redirectTo: '/en/faq', language: 'en', nonce } });
  });

  it('carries a search to come back to with its alert form through the provider, and only on this site', () => {
    const back = alertReturnPath('/ar/services', '?q=%D8%AA%D9%86%D8%B8%D9%8A%D9%81&category=homeServices');
    expect(destinationAfterSignIn(back, undefined)).toBe(back);
    const url = new URL(authorizationUrl(destinationAfterSignIn(back, undefined), 'ar', 'n-2', 'http://site.test'));
    const result = readCallback(`#id_token=${idTokenWith({ nonce: 'n-2' })}&state=${url.searchParams.get('state')}`);
    expect(result.ok && result.state.redirectTo).toBe('/ar/services?q=%D8%AA%D9%86%D8%B8%D9%8A%D9%81&category=homeServices&alert=new');
    expect(destinationAfterSignIn(alertReturnPath('//evil.example/tasks', ''), undefined)).toBe('/');
  });

  it('refuses a missing token, a state this tab did not send, and a token with another nonce', () => {
    const url = new URL(authorizationUrl('/en', 'en', 'n-1', 'http://site.test'));
    const state = url.searchParams.get('state') ?? '';
    expect(readCallback(`#state=${state}`).ok).toBe(false);

    authorizationUrl('/en', 'en', 'n-1', 'http://site.test');
    expect(
      readCallback(`#id_token=${idTokenWith({ nonce: 'x' })}&state=${base64url({ redirectTo: '/', language: 'en', nonce: 'x' })}`).ok,
    ).toBe(false);

    const again = new URL(authorizationUrl('/en', 'en', 'n-1', 'http://site.test'));
    expect(readCallback(`#id_token=${idTokenWith({ nonce: 'other' })}&state=${again.searchParams.get('state')}`).ok).toBe(false);
  });

  it('asks the server for the nonce before it builds the URL', async () => {
    const authNonce = jest.spyOn(api, 'authNonce').mockResolvedValue('from-the-server');
    const url = new URL(await startSignIn('/ru/my-posted-jobs', 'ru'));
    expect(authNonce).toHaveBeenCalledTimes(1);
    expect(url.pathname).toBe('/dev-idp/authorize');
    expect(url.searchParams.get('nonce')).toBe('from-the-server');
  });

  it('fails to start without a nonce, and names why', async () => {
    jest.spyOn(api, 'authNonce').mockRejectedValue({ statusCode: 429, messageKey: 'rateLimited' });
    await expect(startSignIn('/', 'en')).rejects.toEqual({ statusCode: 429, messageKey: 'rateLimited' });
    expect(sessionStorage.length).toBe(0);
    expect(signInErrorOf({ statusCode: 429, messageKey: 'rateLimited' })).toBe('rateLimited');
    expect(signInErrorOf({ statusCode: 409, messageKey: 'accountConflict' })).toBe('accountConflict');
    expect(signInErrorOf(new HttpError())).toBe('networkError');
    expect(signInErrorOf({ statusCode: 500, messageKey: 'serverError' })).toBe('loginFailed');
    expect(signInErrorOf(new Error('boom'))).toBe('loginFailed');
  });

  it('uses a state only once', () => {
    const url = new URL(authorizationUrl('/en', 'en', 'n-2', 'http://site.test'));
    const hash = `#id_token=${idTokenWith({ nonce: url.searchParams.get('nonce') })}&state=${url.searchParams.get('state')}`;
    expect(readCallback(hash).ok).toBe(true);
    expect(readCallback(hash).ok).toBe(false);
  });
});
