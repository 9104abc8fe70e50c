import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  COOKIE_ACCEPTED,
  flushAnalytics,
  STORAGE_KEYS,
  type AnalyticsEvent,
  type ApiError,
  type JobSearchParams,
  type ListingPage,
} from '@tasko/shared';
import { aListing, currentState, currentUrl, loadTexts, renderPage, stubBrowserGaps } from '../../testing/renderPage';
import HomePage from './HomePage';

/** Twelve listings of a page with `total` results, answered for whatever page was asked. */
function pageOf(total: number, page = 1, pageSize = 12): ListingPage {
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  const jobs = Array.from({ length: count }, (_, i) =>
    aListing({ job_id: (page - 1) * pageSize + i + 1, jobTitle: `Errand ${(page - 1) * pageSize + i + 1}` }),
  );
  return { jobs, total, page, pageSize };
}

let asked: { params: JobSearchParams; signal?: AbortSignal }[];

function answerWith(answer: (params: JobSearchParams) => Promise<ListingPage>) {
  asked = [];
  jest.spyOn(api, 'searchJobs').mockImplementation((params, signal) => {
    asked.push({ params, signal });
    return answer(params);
  });
}

const lastAsked = () => asked[asked.length - 1]?.params;
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await loadTexts('en');
});

describe('HomePage', () => {
  it('reads the search from the URL, shows it in the form, and asks the API for exactly that', async () => {
    answerWith(async (params) => pageOf(30, params.page));
    renderPage(<HomePage />, '/en/?q=%D7%A1%D7%A4%D7%94&location=Haifa&category=petAndAnimalCare&sort=salary-low&page=2');
    expect(await screen.findByText('Showing 12 of 30 jobs')).toBeInTheDocument();
    expect(lastAsked()).toEqual({
      offerType: 'job',
      q: 'ספה',
      location: 'Haifa',
      category: 'petAndAnimalCare',
      sort: 'salary-low',
      page: 2,
      pageSize: 12,
      language: 'en',
    });
    expect(screen.getByLabelText('What are you looking for?')).toHaveValue('ספה');
    expect(screen.getByRole('combobox', { name: 'Where?' })).toHaveValue('Haifa');
    expect(screen.getByRole('button', { name: 'Pet and animal care' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Sort by')).toHaveValue('salary-low');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('pages forward and back through the URL, with Previous and Next disabled at the ends', async () => {
    answerWith(async (params) => pageOf(30, params.page));
    renderPage(<HomePage />, '/en/');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(currentUrl().searchParams.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 6 of 30 jobs')).toBeInTheDocument();
    expect(titles()[0]).toBe('Errand 25');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(asked.map((a) => a.params.page)).toEqual([1, 2, 3, 2]);
    // The Previous button is under the cards: the focus moves up to the new page's count, read out.
    expect(screen.getByText('Showing 12 of 30 jobs')).toHaveFocus();
  });

  it('pages a capped total with the cursors the API gives, and says "1,000+"', async () => {
    answerWith(async (params) => ({
      ...pageOf(5000, params.page),
      total: 1000,
      totalIsCapped: true,
      nextCursor: `after-${params.page ?? 1}`,
      ...((params.page ?? 1) > 1 ? { previousCursor: `before-${params.page ?? 1}` } : {}),
    }));
    renderPage(<HomePage />, '/en/');
    expect(await screen.findByText('Showing 12 of 1,000+ jobs')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 84+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 84+')).toBeInTheDocument();
    expect(lastAsked()).toMatchObject({ page: 2, cursor: 'after-1' });
    expect(currentUrl().searchParams.get('cursor')).toBe('after-1');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 84+')).toBeInTheDocument();
    expect(lastAsked()).toMatchObject({ page: 1, cursor: 'before-2' });
  });

  it('answers a page number too deep for counting with the way back to the first page', async () => {
    const tooDeep: ApiError = { statusCode: 400, messageKey: 'pageTooDeep' };
    answerWith(async (params) => {
      if ((params.page ?? 1) > 84 && !params.cursor) throw tooDeep;
      return pageOf(30, params.page);
    });
    renderPage(<HomePage />, '/en/?page=200');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pages this far into the results are reached with Next.');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(currentUrl().search).toBe('');
  });

  it('answers a mangled cursor in a shared link with its message and the way back to the first page', async () => {
    const badCursor: ApiError = { statusCode: 400, messageKey: 'badCursor' };
    answerWith(async (params) => {
      if (params.cursor) throw badCursor;
      return pageOf(30, params.page);
    });
    renderPage(<HomePage />, '/en/?page=2&cursor=eyJpIjo5OTk5OTk5OTk5OX0');
    expect(await screen.findByRole('alert')).toHaveTextContent('This results link is broken.');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(currentUrl().search).toBe('');
  });

  it('starts again at page 1 on a new category, sort or text, and aborts the request it no longer needs', async () => {
    answerWith((params) => (params.category === 'other' ? new Promise(() => {}) : Promise.resolve(pageOf(30, params.page))));
    renderPage(<HomePage />, '/en/?page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(currentUrl().search).toBe('?category=other');
    const pending = asked[asked.length - 1];
    expect(pending?.params).toMatchObject({ category: 'other', page: 1 });

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'salary-high');
    expect(pending?.signal?.aborted).toBe(true);
    expect(currentUrl().search).toBe('?category=other&sort=salary-high');

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.type(screen.getByLabelText('What are you looking for?'), '  dog walker  ');
    await userEvent.type(screen.getByRole('combobox', { name: 'Where?' }), 'Tel Aviv{Enter}');
    expect(currentUrl().search).toBe('?q=dog+walker&location=Tel+Aviv&sort=salary-high');
    expect(lastAsked()).toEqual({
      offerType: 'job',
      q: 'dog walker',
      location: 'Tel Aviv',
      sort: 'salary-high',
      page: 1,
      pageSize: 12,
      language: 'en',
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    // The search bar was rebuilt for the new search: the focus is on its results, not lost to the page.
    await waitFor(() => expect(document.activeElement).toHaveClass('listing-results__count'));
  });

  it("moves the focus to a search's count only once its answer is in, also for the same search sent again", async () => {
    const held: ((page: ListingPage) => void)[] = [];
    answerWith(() => new Promise((resolve) => held.push(resolve)));
    renderPage(<HomePage />, '/en/');
    await act(async () => held.shift()?.(pageOf(30)));
    expect(await screen.findByText('Showing 12 of 30 jobs')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('What are you looking for?'), 'dog{Enter}');
    expect(lastAsked()).toMatchObject({ q: 'dog' });
    // The previous answer is still on screen while this one comes: the focus waits for it.
    expect(document.activeElement).not.toHaveClass('listing-results__count');
    await act(async () => held.shift()?.(pageOf(2)));
    await waitFor(() => expect(screen.getByText('2 jobs found')).toHaveFocus());

    const searches = asked.length;
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(asked).toHaveLength(searches + 1);
    expect(lastAsked()).toMatchObject({ q: 'dog' });
    expect(document.activeElement).not.toHaveClass('listing-results__count');
    await act(async () => held.shift()?.(pageOf(3)));
    await waitFor(() => expect(screen.getByText('3 jobs found')).toHaveFocus());
  });

  it('shows a listing as one link with its pay, place, posted time and a first photo that does not make the page jump', async () => {
    const postedAt = new Date(Date.now() - 2 * 3600 * 1000 - 60 * 1000).toISOString();
    answerWith(async () => ({
      jobs: [
        aListing({
          jobTitle: 'עזרה בהובלת ספה',
          description: 'קומה שלישית',
          payment_type: 'hourly',
          amount: 45,
          contact_person_name: 'יוסי',
          created_at: postedAt,
          image_url: ['/uploads/a.jpg', '/uploads/b.jpg'],
        }),
      ],
      total: 1,
      page: 1,
      pageSize: 12,
    }));
    renderPage(<HomePage />, '/en/');
    const card = (await screen.findByRole('heading', { name: 'עזרה בהובלת ספה' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'עזרה בהובלת ספה' })).toHaveAttribute('href', '/en/job/1');
    expect(within(card).getByText('₪45/hour')).toBeInTheDocument();
    // One link, one tab stop: the card has no other control.
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByText('2 hours ago')).toHaveAttribute('datetime', postedAt);
    // An open listing is the norm in a search: only another status is said.
    expect(within(card).queryByText('Open')).toBeNull();
    expect(within(card).getByText('קומה שלישית')).toHaveAttribute('dir', 'auto');
    const photos = card.querySelectorAll('img');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toHaveAttribute('src', '/uploads/a.jpg');
    expect(photos[0]).toHaveAttribute('loading', 'lazy');
    expect(photos[0]).toHaveAttribute('decoding', 'async');
    expect(photos[0]).toHaveAttribute('width');
    expect(photos[0]).toHaveAttribute('height');
    expect(screen.getByText('1 job found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says "No jobs found." and, when the API fails, offers a retry that asks again', async () => {
    let fail = true;
    const serverError: ApiError = { statusCode: 500, messageKey: 'serverError' };
    answerWith(async (params) => {
      if (params.q === 'nothing') return pageOf(0);
      if (fail) throw serverError;
      return pageOf(2);
    });
    renderPage(<HomePage />, '/en/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch jobs. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 jobs found')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('What are you looking for?'), 'nothing{Enter}');
    expect(await screen.findByText('No jobs found.')).toBeInTheDocument();
  });

  it('sends the visitor to post a request: sign-in first, with the intent, when signed out', async () => {
    await loadTexts('he');
    answerWith(async () => pageOf(0));
    renderPage(<HomePage />, '/he/');
    const cta = await screen.findByRole('link', { name: 'פרסום עבודה' });
    expect(cta).toHaveAttribute('href', '/he/login?intent=post_job');
    expect(await screen.findByText('לא נמצאו עבודות.')).toBeInTheDocument();
  });

  it('offers to be notified about new listings like these, through sign-in when signed out', async () => {
    answerWith(async () => pageOf(3));
    renderPage(<HomePage />, '/en/?q=sofa&category=homeServices');
    await screen.findByText('3 jobs found');
    await userEvent.click(screen.getByRole('link', { name: 'Notify me about new listings like these' }));
    expect(currentUrl().pathname).toBe('/en/login');
    // Back to the same search with the alert form open, for the visitor to confirm.
    expect(currentState()).toEqual({ redirectTo: '/en/?q=sofa&category=homeServices&alert=new' });
  });

  it('logs each search with its facts, never the words typed', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
    const sent: AnalyticsEvent[] = [];
    jest.spyOn(api, 'sendEvents').mockImplementation(async (events) => {
      sent.push(...events);
    });
    answerWith(async () => pageOf(3));
    renderPage(<HomePage />, '/en/?q=Dana%20Cohen&location=Haifa&category=other&page=1');
    await screen.findByText('3 jobs found');
    await act(() => flushAnalytics());
    const searches = sent.filter((e) => e.name === 'search');
    expect(searches.map((e) => e.props)).toEqual([
      { offerType: 'job', category: 'other', sort: 'relevance', page: 1, hasText: true, hasLocation: true },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/Dana|Haifa/);
  });

  it('reads in Hebrew: paging and counts in the page’s language', async () => {
    await loadTexts('he');
    answerWith(async (params) => pageOf(30, params.page));
    renderPage(<HomePage />, '/he/?page=2');
    expect(await screen.findByText('עמוד 2 מתוך 3')).toBeInTheDocument();
    expect(screen.getByText('מוצגות 12 מתוך 30 עבודות')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'הבא' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'הקודם' })).toBeEnabled();
  });
});
