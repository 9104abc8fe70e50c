import { useAtomValue } from 'jotai';
import { Link, useLocation, useSearchParams } from '@tasko/shared/router';
import { loginTarget, RetryPanel, useLocalizedPath, usePageMeta, userAtom, useTranslation, type OfferType } from '@tasko/shared';
import { POSTING_NS } from '../../postingNamespace';
import { PostForm } from './PostForm';
import { useEditedListing } from './useEditedListing';
import { isRetriable } from './usePostForm';
import './posting.css';

/**
 * /post-job: a new job or service (`?offerType=job|service`), or the owner's edit of one (`?edit=<id>`).
 * Signing in is asked for here, not by the route (docs/product.md#posting-a-listing), and leads straight back to this form.
 */
export default function PostJobPage() {
  const { t } = useTranslation(POSTING_NS);
  const { t: tc } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const edited = useEditedListing(user ? editId : null);
  const requestedType: OfferType = params.get('offerType') === 'service' ? 'service' : 'job';

  if (!user) return <LoginRequired offerType={requestedType} returnTo={location.pathname + location.search} isEdit={editId !== null} />;

  if (editId !== null) {
    const { state } = edited;
    if (state.status === 'loaded')
      return <PostForm key={`edit:${state.listing.job_id}`} user={user} offerType={state.listing.offerType} listing={state.listing} />;
    if (state.status === 'failed') {
      const message = state.messageKey === 'forbidden' ? t('edit.notYours') : tc(`errors.${state.messageKey}`);
      return (
        <section className="page page--narrow" aria-labelledby="edit-failed">
          <h1 id="edit-failed">{t('edit.title')}</h1>
          {isRetriable(state.messageKey) ? (
            <RetryPanel message={message} retryLabel={t('edit.retry')} onRetry={edited.retry} />
          ) : (
            <p className="alert alert--error" role="alert">
              {message}
            </p>
          )}
          <p>
            <Link to={localized('/my-posted-jobs')}>{t('edit.backToMyPosts')}</Link>
          </p>
        </section>
      );
    }
    return (
      <section className="page page--narrow">
        <p role="status">{t('edit.loading')}</p>
      </section>
    );
  }
  return <PostForm key={`new:${requestedType}`} user={user} offerType={requestedType} />;
}

/** "Login required to post a new job" (docs/product.md#posting-a-listing), with a sign-in that comes straight back here. */
function LoginRequired({ offerType, returnTo, isEdit }: { offerType: OfferType; returnTo: string; isEdit: boolean }) {
  const { t } = useTranslation(POSTING_NS);
  const localized = useLocalizedPath();
  usePageMeta(t('loginRequired.title'));
  // The intent picks the login page's variant ("you go straight to the form"); an edit link just comes back.
  const target = loginTarget(
    isEdit ? { redirectTo: returnTo } : { intent: offerType === 'service' ? 'post_service' : 'post_job', redirectTo: returnTo },
  );
  return (
    <section className="page page--narrow posting" aria-labelledby="login-required">
      <h1 id="login-required">{t('loginRequired.title')}</h1>
      <p>{t('loginRequired.body')}</p>
      <Link className="button button--primary" to={localized(target.to)} state={target.state}>
        {t('loginRequired.action')}
      </Link>
    </section>
  );
}
