import { api, LOGIN_INTENTS, isLanguage, postFormPath, runtimeConfig, toApiError, type Language, type LoginIntent } from '@tasko/shared';

/** What travels through the identity provider in `state` and comes back to /auth/callback. */
export interface SignInState {
  /** The page to land on, already with its language prefix when the visitor had one. */
  redirectTo: string;
  /** The language of the page the visitor signed in from: the callback shows in it. */
  language: Language;
  nonce: string;
}

const PENDING_KEY = 'tasko.signIn';

function base64url(text: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(text));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
}

/** Only paths on this site: never another origin, never `//host`. */
export function safeRedirect(path: unknown): string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

export function isLoginIntent(value: unknown): value is LoginIntent {
  return typeof value === 'string' && (LOGIN_INTENTS as readonly string[]).includes(value);
}

/** Where the user goes after signing in: the posting form for a post intent, else where they came from. */
export function destinationAfterSignIn(redirectTo: string, intent: LoginIntent | undefined): string {
  return intent ? postFormPath(intent) : safeRedirect(redirectTo);
}

/**
 * The URL of the identity provider's sign-in page (Google, or the local provider) for one sign-in. `nonce`
 * is the server's (`POST /auth/nonce`): the provider signs it into the ID token, and the server accepts
 * that token only from the browser holding the matching cookie.
 */
export function authorizationUrl(redirectTo: string, language: Language, nonce: string, origin = window.location.origin): string {
  const auth = runtimeConfig().auth ?? { authorizationEndpoint: '/dev-idp/authorize', clientId: 'tasko-local' };
  const state = base64url(JSON.stringify({ redirectTo: safeRedirect(redirectTo), language, nonce } satisfies SignInState));
  sessionStorage.setItem(PENDING_KEY, state);
  const params = new URLSearchParams({
    client_id: auth.clientId,
    redirect_uri: `${origin}/auth/callback`,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce,
    state,
    prompt: 'select_account',
  });
  const endpoint = auth.authorizationEndpoint.startsWith('http') ? auth.authorizationEndpoint : origin + auth.authorizationEndpoint;
  return `${endpoint}?${params.toString()}`;
}

/** Asks the server for a sign-in nonce (its cookie comes with the answer), then builds the provider's URL. */
export async function startSignIn(redirectTo: string, language: Language): Promise<string> {
  const nonce = await api.authNonce();
  return authorizationUrl(redirectTo, language, nonce);
}

/** The sign-in failures the login page explains; anything else reads "Login failed. Please try again." */
export const SIGN_IN_ERRORS = [
  'authFailed',
  'loginFailed',
  'userBlocked',
  'accountConflict',
  'rateLimited',
  'networkError',
  'ageConfirmationRequired',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export function signInErrorOf(error: unknown): SignInError {
  const { messageKey } = toApiError(error, 'loginFailed');
  return SIGN_IN_ERRORS.find((key) => key === messageKey) ?? 'loginFailed';
}

export function isSignInError(value: unknown): value is SignInError {
  return typeof value === 'string' && (SIGN_IN_ERRORS as readonly string[]).includes(value);
}

function nonceOf(idToken: string): string | undefined {
  try {
    const payload = JSON.parse(fromBase64url(idToken.split('.')[1] ?? '')) as { nonce?: unknown };
    return typeof payload.nonce === 'string' ? payload.nonce : undefined;
  } catch {
    return undefined;
  }
}

export type CallbackResult = { ok: true; idToken: string; state: SignInState } | { ok: false };

/**
 * Reads `#id_token=…&state=…`: the state must be the one this tab sent, and the token's nonce the one in
 * that state, so a token injected from elsewhere is refused.
 */
export function readCallback(hash: string): CallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  const rawState = params.get('state');
  const pending = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!idToken || !rawState || rawState !== pending) return { ok: false };
  try {
    const state = JSON.parse(fromBase64url(rawState)) as SignInState;
    if (!state.nonce || nonceOf(idToken) !== state.nonce) return { ok: false };
    if (!isLanguage(state.language)) return { ok: false };
    return { ok: true, idToken, state: { redirectTo: safeRedirect(state.redirectTo), language: state.language, nonce: state.nonce } };
  } catch {
    return { ok: false };
  }
}
