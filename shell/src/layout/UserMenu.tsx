import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate } from '@tasko/shared/router';
import { api, matchPageRoute, postFormPath, signOut, splitLanguagePrefix, useLocalizedPath, userAtom, useTranslation } from '@tasko/shared';
import { useDropdown } from './useDropdown';

/**
 * The steps of signing in (the callback and its 18+ confirmation): the person is in the middle of signing
 * in, so the header offers neither "Sign in" nor an account yet; its place stays empty, as in the first paint.
 */
const SIGN_IN_STEP_ROUTES = new Set(['authCallback']);

export function isSignInStep(pathname: string): boolean {
  const route = matchPageRoute(splitLanguagePrefix(pathname).path)?.route;
  return route !== undefined && SIGN_IN_STEP_ROUTES.has(route.id);
}

export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const localized = useLocalizedPath();
  const { isOpen, close, containerProps, buttonProps } = useDropdown('user-menu');

  if (isSignInStep(location.pathname)) return null;

  if (!user) {
    // Back to this page after signing in, unless this page is the login itself.
    const here = location.pathname + location.search;
    const state = /\/(login|auth\/callback)$/.test(location.pathname) ? undefined : { redirectTo: here };
    return (
      <Link className="header-button" to={localized('/login')} state={state}>
        {t('nav.login')}
      </Link>
    );
  }

  const logout = async () => {
    close();
    // Revoke the session on the server first; a failure (offline, already expired) must not keep anyone signed in.
    await api.logout().catch(() => undefined);
    signOut();
    navigate(localized('/login'));
  };

  return (
    <div className="dropdown user-menu" {...containerProps}>
      <button {...buttonProps} className="header-button" aria-label={t('nav.userMenu')}>
        <span className="avatar" aria-hidden="true">
          {(user.info.name || user.info.email).slice(0, 1).toUpperCase()}
        </span>
      </button>
      {isOpen && (
        <div id="user-menu" className="dropdown-menu dropdown-menu--user">
          <div className="user-menu__identity">
            <bdi className="user-menu__name">{user.info.name}</bdi>
            <bdi className="user-menu__email">{user.info.email}</bdi>
          </div>
          <ul>
            <li>
              <Link to={localized('/my-posted-jobs')} onClick={close}>
                {t('nav.myPosts')}
              </Link>
            </li>
            <li>
              <Link to={localized('/my-applications')} onClick={close}>
                {t('nav.myApplications')}
              </Link>
            </li>
            <li>
              <Link to={localized('/messages')} onClick={close}>
                {t('nav.messages')}
              </Link>
            </li>
            <li>
              <Link to={localized(postFormPath('post_job'))} onClick={close}>
                {t('nav.postJob')}
              </Link>
            </li>
            <li>
              <Link to={localized('/settings')} onClick={close}>
                {t('nav.settings')}
              </Link>
            </li>
            {user.info.isAdmin && (
              <li>
                <Link to={localized('/moderation')} onClick={close}>
                  {t('nav.moderation')}
                </Link>
              </li>
            )}
            <li>
              <button type="button" onClick={() => void logout()}>
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
