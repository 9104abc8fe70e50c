import { intentOfferType, type LoginIntent } from '../domain/listing';

/** Router state carried to /login (docs/product.md#routes): where to go afterwards and why the user signs in. */
export interface LoginState {
  redirectTo?: string;
  intent?: LoginIntent;
}

export interface NavigationTarget {
  to: string;
  state?: LoginState;
}

/** The posting form for an intent: /post-job?offerType=job|service. */
export function postFormPath(intent: LoginIntent): string {
  return `/post-job?offerType=${intentOfferType[intent]}`;
}

/**
 * Where a Post choice or a protected page leads: straight to the form when signed in, else to /login with
 * the intent in the URL (so the login variant survives a reload) and in the router state.
 */
export function loginTarget(state: LoginState): NavigationTarget {
  const search = state.intent ? `?intent=${state.intent}` : '';
  return { to: `/login${search}`, state };
}

/**
 * A Post choice (docs/product.md#the-frame-around-every-page): signed in → the posting form; signed out →
 * /login with the intent.
 */
export function postIntentTarget(intent: LoginIntent, isLoggedIn: boolean): NavigationTarget {
  return isLoggedIn ? { to: postFormPath(intent) } : loginTarget({ intent, redirectTo: postFormPath(intent) });
}
