import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@tasko/shared/router';
import { ROUTER_FUTURE, type Language, type Listing } from '@tasko/shared';
import { LISTING_NS } from '@tasko/shared/listing';
import { DEAL_NS } from '@tasko/shared/deal';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { JOB_NS, JOBS_NS } from '../jobsNamespace';

/** The real texts of a language: common, the shared listing search and deal pieces, and this remote's own. */
export async function loadTexts(language: Language): Promise<void> {
  const jobs = (await import(`../locales/${language}/jobs.json`)) as { default: object };
  const job = (await import(`../locales/${language}/job.json`)) as { default: object };
  const listing = (await import(`../../../shared/src/locales/${language}/listing.json`)) as { default: object };
  const deal = (await import(`../../../shared/src/locales/${language}/deal.json`)) as { default: object };
  await act(() =>
    setUpI18n(language, { [JOBS_NS]: jobs.default, [JOB_NS]: job.default, [LISTING_NS]: listing.default, [DEAL_NS]: deal.default }),
  );
}

function CurrentUrl() {
  const { pathname, search, state } = useLocation() as { pathname: string; search: string; state: unknown };
  return (
    <span hidden data-testid="url" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </span>
  );
}

/**
 * A page at a URL, as the shell mounts it under a route, with the current URL readable by the test; the URL
 * may come with the router state another page navigated with.
 */
export function renderPage(page: ReactElement, url: string | { pathname: string; state: unknown }, route = '*') {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <Routes>
        <Route
          path={route}
          element={
            <>
              {page}
              <CurrentUrl />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

export function currentUrl(): URL {
  return new URL(screen.getByTestId('url').textContent ?? '/', 'http://localhost');
}

/** The router state the last navigation carried (e.g. where to come back to after signing in). */
export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('url').dataset.state ?? 'null');
}

export function aListing(overrides: Partial<Listing> = {}): Listing {
  return {
    job_id: 1,
    jobTitle: 'Dog walker mornings',
    status: 'active',
    contact_person_name: 'Dana',
    contact_methods: ['phone', 'whatsapp'],
    payment_type: 'fixed',
    offerType: 'job',
    description: 'Two walks a day.',
    amount: 150,
    category: 'petAndAnimalCare',
    location: { city: 'Haifa', address: 'Herzl 10' },
    image_url: [],
    publisher_id: 3,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export { scrollTo, stubBrowserGaps } from '../../../shared/test/browserGaps';
