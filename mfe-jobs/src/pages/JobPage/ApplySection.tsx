import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@tasko/shared/router';
import { isLoggedInAtom, loginTarget, useLocalizedPath, useTranslation, type Listing } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';

/**
 * The form's own chunk (docs/deal.md, "Applying and profiles (pages)"): an anonymous first visit, the one the
 * budget measures, never downloads it; JobPage starts loading it for a signed-in visitor beside the listing.
 */
export const loadApplyForm = () => import(/* webpackChunkName: "job-apply" */ './ApplyForm');
const ApplyForm = lazy(loadApplyForm);

/**
 * Applying to a job, or asking a provider for their service, on the site (docs/deal.md, "The loop"): the
 * message opens a private conversation with the poster. Signed out, a way to sign in and come back here.
 */
export function ApplySection({ listing }: { listing: Listing }) {
  const { t } = useTranslation(JOB_NS);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  const isService = listing.offerType === 'service';
  // With no contact option chosen, this is the only way to reach the poster: the page says so.
  const isOnSiteOnly = listing.contact_methods.length === 0;

  let body;
  if (isLoggedIn) {
    body = (
      <Suspense
        fallback={
          <p role="status" className="job__apply-loading">
            {t('apply.loading')}
          </p>
        }
      >
        <ApplyForm listing={listing} />
      </Suspense>
    );
  } else {
    const target = loginTarget({ redirectTo: location.pathname + location.search });
    body = (
      <Link className="button button--primary" to={localized(target.to)} state={target.state}>
        {t(isService ? 'apply.signInService' : 'apply.signIn')}
      </Link>
    );
  }

  return (
    <section className="card job__apply" aria-labelledby="apply-title">
      <h2 id="apply-title">{t(isService ? 'apply.titleService' : 'apply.title')}</h2>
      <p>
        {t(isService ? 'apply.introService' : 'apply.intro')}
        {isOnSiteOnly && <> {t(isService ? 'apply.onSiteOnlyService' : 'apply.onSiteOnly')}</>}
      </p>
      {body}
    </section>
  );
}
