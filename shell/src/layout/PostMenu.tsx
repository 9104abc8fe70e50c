import { useAtomValue } from 'jotai';
import { useNavigate } from '@tasko/shared/router';
import { isLoggedInAtom, postIntentTarget, useLocalizedPath, type LoginIntent, useTranslation } from '@tasko/shared';
import { useDropdown } from './useDropdown';

/** Signed in → the posting form; signed out → /login with the intent (docs/product.md#the-frame-around-every-page). */
export function PostMenu() {
  const { t } = useTranslation('common');
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { isOpen, close, containerProps, buttonProps } = useDropdown('post-menu');

  const choose = (intent: LoginIntent) => {
    close();
    const target = postIntentTarget(intent, isLoggedIn);
    navigate(localized(target.to), target.state ? { state: target.state } : undefined);
  };

  return (
    <div className="dropdown post-menu" {...containerProps}>
      <button {...buttonProps} className="button button--primary">
        {t('nav.post')}
      </button>
      {isOpen && (
        <ul id="post-menu" className="dropdown-menu" aria-label={t('nav.post')}>
          <li>
            <button type="button" onClick={() => choose('post_job')}>
              {t('nav.postJob')}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose('post_service')}>
              {t('nav.postService')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
