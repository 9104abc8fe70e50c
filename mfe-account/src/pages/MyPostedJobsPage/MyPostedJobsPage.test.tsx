import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { api, ROUTER_FUTURE, type ApiError, type Language, type Listing, type ListingPage, type MyJobsParams } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import MyPostedJobsPage from './MyPostedJobsPage';
import { pageFromParams } from './useMyListings';
import { stubBrowserGaps } from '../../../../shared/test/browserGaps';

const ACCOUNT = { en, he, ar, ru };

function listing(id: number, changes: Partial<Listing> = {}): Listing {
  return {
    job_id: id,
    jobTitle: `Task ${id}`,
    status: 'active',
    contact_person_name: 'Noa',
    contact_methods: ['phone'],
    phone: '0541234567',
    payment_type: 'fixed',
    offerType: 'job',
    description: 'Details.',
    amount: 100 + id,
    category: 'homeServices',
    location: { city: 'Haifa', address: '' },
    image_url: [],
    publisher_id: 1,
    created_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    ...changes,
  };
}

/** The owner's listings as the server keeps them: ids 1 (oldest) to 30 (newest), answered newest first. */
let stored: Listing[] = [];
let failNextRead = false;

function serveMyJobs({ page, pageSize }: MyJobsParams): Promise<ListingPage> {
  if (failNextRead) {
    failNextRead = false;
    const offline: ApiError = { statusCode: 0, messageKey: 'networkError' };
    return Promise.reject(offline);
  }
  const newestFirst = [...stored].sort((a, b) => b.job_id - a.job_id);
  return Promise.resolve({ jobs: newestFirst.slice((page - 1) * pageSize, page * pageSize), total: stored.length, page, pageSize });
}

function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        browser back
      </button>
    </>
  );
}

function renderPage(entry: string) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[entry]}>
      <MyPostedJobsPage />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByTestId('address').textContent;
const itemOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

async function inLanguage(language: Language) {
  await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
}

let myJobs: jest.SpyInstance;

beforeAll(stubBrowserGaps);

beforeEach(() => {
  jest.restoreAllMocks();
  stored = Array.from({ length: 30 }, (_, i) => listing(i + 1));
  failNextRead = false;
  myJobs = jest.spyOn(api, 'myJobs').mockImplementation(serveMyJobs);
  jest.spyOn(api, 'closeJob').mockImplementation(async (id) => {
    stored = stored.map((l) => (l.job_id === id ? { ...l, status: 'close' } : l));
    return stored.find((l) => l.job_id === id) as Listing;
  });
  jest.spyOn(api, 'activateJob').mockImplementation(async (id) => {
    stored = stored.map((l) => (l.job_id === id ? { ...l, status: 'active' } : l));
    return stored.find((l) => l.job_id === id) as Listing;
  });
  jest.spyOn(api, 'deleteJob').mockImplementation(async (id) => {
    stored = stored.filter((l) => l.job_id !== id);
  });
});

describe('MyPostedJobsPage', () => {
  it('asks the server for the owner’s own listings, a page at a time, and shows how many there are', async () => {
    await inLanguage('en');
    renderPage('/en/my-posted-jobs');
    expect(await screen.findByText('Showing 12 of 30 posts')).toBeInTheDocument();
    expect(myJobs).toHaveBeenCalledWith({ page: 1, pageSize: 12, language: 'en' }, expect.any(AbortSignal));
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Task 30' })).toHaveAttribute('href', '/en/job/30');
    const paging = screen.getByRole('navigation', { name: 'Pages of my posts' });
    expect(within(paging).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('puts the page in the URL, so Back returns to the page before', async () => {
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('/en/my-posted-jobs?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Task 18' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My posts' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    expect(address()).toBe('/en/my-posted-jobs?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(address()).toBe('/en/my-posted-jobs');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('closes, reactivates, edits and deletes on the last page; a deletion lowers the total', async () => {
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs?page=3');
    expect(await screen.findByText('Showing 6 of 30 posts')).toBeInTheDocument();
    expect(myJobs).toHaveBeenLastCalledWith({ page: 3, pageSize: 12, language: 'en' }, expect.any(AbortSignal));
    // The oldest listing is on the last page.
    const oldest = itemOf('Task 1');
    expect(within(oldest).getByRole('link', { name: 'Edit: Task 1' })).toHaveAttribute('href', '/en/post-job?edit=1');

    await user.click(within(oldest).getByRole('button', { name: 'Mark as closed' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as closed' }));
    expect(await screen.findByText('Job marked as closed.')).toBeInTheDocument();
    expect(within(itemOf('Task 1')).getByText('Closed')).toBeInTheDocument();

    await user.click(within(itemOf('Task 1')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Job reactivated.')).toBeInTheDocument();
    expect(within(itemOf('Task 1')).getByText('Open')).toBeInTheDocument();

    await user.click(within(itemOf('Task 2')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Showing 5 of 29 posts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Task 2' })).toBeNull();
    expect(address()).toBe('/en/my-posted-jobs?page=3');
  });

  it('refills a page from the next one after a deletion', async () => {
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs');
    await screen.findByText('Showing 12 of 30 posts');
    await user.click(within(itemOf('Task 25')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 12 of 29 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Task 18' })).toBeInTheDocument();
  });

  it('goes to the last page when the one in the URL is past the end', async () => {
    await inLanguage('en');
    renderPage('/en/my-posted-jobs?page=9');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(address()).toBe('/en/my-posted-jobs?page=3');
  });

  it('deleting the only listing of the last page goes to the page before', async () => {
    await inLanguage('en');
    stored = Array.from({ length: 13 }, (_, i) => listing(i + 1));
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs?page=2');
    await screen.findByText('Showing 1 of 13 posts');
    await user.click(within(itemOf('Task 1')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(address()).toBe('/en/my-posted-jobs'));
    expect(await screen.findByText('Showing 12 of 12 posts')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of my posts' })).toBeNull();
  });

  it('says when there is nothing yet, and offers to try again after a failure', async () => {
    await inLanguage('en');
    stored = [];
    failNextRead = true;
    renderPage('/en/my-posted-jobs');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch your jobs. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not posted anything yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows a legacy listing without a title with the "no title" text', async () => {
    await inLanguage('en');
    stored = [listing(1, { jobTitle: '' })];
    renderPage('/en/my-posted-jobs');
    expect(await screen.findByRole('link', { name: 'no title' })).toHaveAttribute('href', '/en/job/1');
    expect(screen.getByRole('link', { name: 'Edit: no title' })).toHaveAttribute('href', '/en/post-job?edit=1');
  });

  it('shows each listing’s views and phone reveals of the last 30 days, when the server sends them', async () => {
    await inLanguage('en');
    stored = [listing(1, { stats: { views: 12, reveals: 3 } }), listing(2, { stats: { views: 1, reveals: 1 } }), listing(3, { stats: { views: 1234, reveals: 0 } }), listing(4)];
    renderPage('/en/my-posted-jobs');
    await screen.findByText('Showing 4 of 4 posts');
    expect(itemOf('Task 1')).toHaveTextContent('12 views · 3 phone reveals in the last 30 days');
    expect(itemOf('Task 2')).toHaveTextContent('1 view · 1 phone reveal in the last 30 days');
    expect(itemOf('Task 3')).toHaveTextContent('1,234 views · 0 phone reveals in the last 30 days');
    expect(itemOf('Task 4')).not.toHaveTextContent('in the last 30 days');
  });

  it.each([
    ['he', [[12, 3, '12 צפיות · 3 הצגות טלפון ב־30 הימים האחרונים'], [1, 2, 'צפייה אחת · שתי הצגות טלפון ב־30 הימים האחרונים']]],
    ['ar', [[0, 11, 'لا مشاهدات · 11 مرة إظهار لرقم الهاتف خلال آخر 30 يومًا'], [2, 3, 'مشاهدتان · 3 مرات إظهار لرقم الهاتف خلال آخر 30 يومًا'], [1234, 1, '1,234 مشاهدة · إظهار واحد لرقم الهاتف خلال آخر 30 يومًا']]],
    ['ru', [[21, 2, '21 просмотр · 2 показа телефона за последние 30 дней'], [5, 11, '5 просмотров · 11 показов телефона за последние 30 дней']]],
  ] as const)('pluralises the stats in %s', async (language, cases) => {
    await inLanguage(language);
    stored = cases.map(([views, reveals], i) => listing(i + 1, { stats: { views, reveals } }));
    renderPage(`/${language}/my-posted-jobs`);
    await screen.findByRole('link', { name: 'Task 1' });
    cases.forEach(([, , text], i) => expect(itemOf(`Task ${i + 1}`)).toHaveTextContent(text));
  });

  it.each(['he', 'ar', 'ru'] as const)('pages in %s', async (language) => {
    await inLanguage(language);
    const user = userEvent.setup();
    renderPage(`/${language}/my-posted-jobs?page=2`);
    const paging = await screen.findByRole('navigation', { name: ACCOUNT[language].myPosts.paging.label });
    await user.click(within(paging).getByRole('button', { name: ACCOUNT[language].myPosts.paging.next }));
    expect(address()).toBe(`/${language}/my-posted-jobs?page=3`);
    await waitFor(() => expect(myJobs).toHaveBeenLastCalledWith({ page: 3, pageSize: 12, language }, expect.any(AbortSignal)));
  });
});

describe('pageFromParams', () => {
  it.each([
    ['', 1],
    ['page=2', 2],
    ['page=0', 1],
    ['page=-3', 1],
    ['page=2.5', 1],
    ['page=abc', 1],
    ['page=99999999', 1],
  ])('%s is page %d', (query, page) => expect(pageFromParams(new URLSearchParams(query))).toBe(page));
});
