import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from '@tasko/shared/router';
import {
  api,
  ROUTER_FUTURE,
  type ApiError,
  type Language,
  type Listing,
  type ListingApplication,
  type ListingPage,
  type MyJobsParams,
} from '@tasko/shared';
import { loadDealTexts } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import commonEn from '../../../../shared/src/locales/en/common.json';
import commonHe from '../../../../shared/src/locales/he/common.json';
import commonAr from '../../../../shared/src/locales/ar/common.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import MyPostedJobsPage from './MyPostedJobsPage';
import { pageFromParams } from './useMyListings';
import { stubBrowserGaps } from '../../../../shared/test/browserGaps';

const ACCOUNT = { en, he, ar, ru };
const COMMON = { en: commonEn, he: commonHe, ar: commonAr, ru: commonRu };

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
  await loadDealTexts(language, { [ACCOUNT_NS]: ACCOUNT[language] });
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

  // The same names as on the listing's own page (its owner panel): one action, one name, in every language.
  it.each([
    ['en', 'Mark as closed', 'Reactivate', 'Delete'],
    ['he', 'סימון כסגורה', 'הפעלה מחדש', 'מחיקה'],
    ['ar', 'إغلاق الإعلان', 'إعادة التفعيل', 'حذف'],
    ['ru', 'Закрыть объявление', 'Открыть снова', 'Удалить'],
  ] as const)('in %s, names closing, reactivating and deleting as the listing’s page does', async (language, close, reactivate, remove) => {
    stored = stored.map((l) => (l.job_id === 29 ? { ...l, status: 'close' } : l));
    await inLanguage(language);
    renderPage(`/${language}/my-posted-jobs`);
    await screen.findByRole('link', { name: 'Task 30' });
    expect(within(itemOf('Task 30')).getByRole('button', { name: close })).toBeInTheDocument();
    expect(within(itemOf('Task 29')).getByRole('button', { name: reactivate })).toBeInTheDocument();
    expect(within(itemOf('Task 30')).getByRole('button', { name: remove })).toBeInTheDocument();
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
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as closed' }));
    expect(await screen.findByText('Job marked as closed.')).toBeInTheDocument();
    expect(within(itemOf('Task 1')).getByText('Closed')).toBeInTheDocument();
    // The answer that replaces the card names its place in the page's language, not the server's default.
    expect(api.closeJob).toHaveBeenCalledWith(1, 'en');

    await user.click(within(itemOf('Task 1')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Job reactivated.')).toBeInTheDocument();
    expect(within(itemOf('Task 1')).getByText('Open')).toBeInTheDocument();
    expect(api.activateJob).toHaveBeenCalledWith(1, 'en');

    await user.click(within(itemOf('Task 2')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Showing 5 of 29 posts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Task 2' })).toBeNull();
    expect(address()).toBe('/en/my-posted-jobs?page=3');
  });

  describe('focus and the confirmation (WCAG 2.4.3, the alertdialog pattern)', () => {
    const buttonOf = (title: string, name: string) => within(itemOf(title)).getByRole('button', { name });

    it('asks to delete in an alertdialog that names the listing and starts on Cancel: Enter, Enter deletes nothing', async () => {
      await inLanguage('en');
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 30' });
      const remove = buttonOf('Task 30', 'Delete');
      remove.focus();
      await user.keyboard('{Enter}');
      const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this job?' });
      expect(dialog).toHaveAccessibleDescription('Task 30 It disappears from the site and from your posts. This cannot be undone.');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(remove).toHaveFocus();
      // And again, a second time in a row: still nothing deleted.
      await user.keyboard('{Enter}');
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(api.deleteJob).not.toHaveBeenCalled();
      expect(remove).toHaveFocus();
      expect(screen.getByRole('link', { name: 'Task 30' })).toBeInTheDocument();
    });

    it('Escape cancels, and focus goes back to the button that asked', async () => {
      await inLanguage('en');
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 30' });
      await user.click(buttonOf('Task 29', 'Mark as closed'));
      const dialog = screen.getByRole('alertdialog', { name: 'Mark this job as closed?' });
      expect(dialog).toHaveAccessibleDescription('Task 29 It no longer appears in search results, and you can reactivate it at any time.');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(buttonOf('Task 29', 'Mark as closed')).toHaveFocus();
      expect(api.closeJob).not.toHaveBeenCalled();

      await user.click(buttonOf('Task 28', 'Delete'));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(buttonOf('Task 28', 'Delete')).toHaveFocus();
      expect(api.deleteJob).not.toHaveBeenCalled();
    });

    it('after closing, focus is on what replaced "Mark as closed"; after reactivating, on what replaced "Reactivate"', async () => {
      await inLanguage('en');
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 30' });
      await user.click(buttonOf('Task 27', 'Mark as closed'));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as closed' }));
      expect(await screen.findByText('Job marked as closed.')).toBeInTheDocument();
      expect(buttonOf('Task 27', 'Reactivate')).toHaveFocus();

      await user.keyboard('{Enter}');
      expect(await screen.findByText('Job reactivated.')).toBeInTheDocument();
      expect(buttonOf('Task 27', 'Mark as closed')).toHaveFocus();
    });

    it('while a deletion is on its way focus stays on its button; then it goes to the listing that took its place', async () => {
      await inLanguage('en');
      let finishDeleting = () => {};
      jest.spyOn(api, 'deleteJob').mockImplementation(
        (id) =>
          new Promise<void>((resolve) => {
            finishDeleting = () => {
              stored = stored.filter((l) => l.job_id !== id);
              resolve();
            };
          }),
      );
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 30' });
      await user.click(buttonOf('Task 25', 'Delete'));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      const remove = buttonOf('Task 25', 'Delete');
      expect(remove).toHaveFocus();
      expect(remove).toHaveAttribute('aria-disabled', 'true');
      // A second press while it works does nothing.
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('alertdialog')).toBeNull();

      await act(async () => finishDeleting());
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Task 25' })).toBeNull());
      // The page is refilled from the next one.
      expect(await screen.findByRole('link', { name: 'Task 18' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('link', { name: 'Task 24' })).toHaveFocus());
      expect(api.deleteJob).toHaveBeenCalledTimes(1);
    });

    it('deleting the last card of the page focuses the card before it', async () => {
      await inLanguage('en');
      stored = Array.from({ length: 3 }, (_, i) => listing(i + 1));
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 1' });
      await user.click(buttonOf('Task 1', 'Delete'));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Task 1' })).toBeNull());
      await waitFor(() => expect(screen.getByRole('link', { name: 'Task 2' })).toHaveFocus());
    });

    it('deleting the only listing left focuses the page heading', async () => {
      await inLanguage('en');
      stored = [listing(1)];
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 1' });
      await user.click(buttonOf('Task 1', 'Delete'));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('You have not posted anything yet.')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('heading', { name: 'My posts', level: 1 })).toHaveFocus());
    });

    it('a failed deletion says so and leaves focus on the Delete button of the listing still there', async () => {
      await inLanguage('en');
      jest.spyOn(api, 'deleteJob').mockRejectedValue({ statusCode: 500, messageKey: 'serverError' } satisfies ApiError);
      const user = userEvent.setup();
      renderPage('/en/my-posted-jobs');
      await screen.findByRole('link', { name: 'Task 30' });
      await user.click(buttonOf('Task 26', 'Delete'));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete job.');
      expect(buttonOf('Task 26', 'Delete')).toHaveFocus();
      expect(buttonOf('Task 26', 'Delete')).not.toHaveAttribute('aria-disabled');
    });

    it.each(['he', 'ar', 'ru'] as const)(
      'in %s: the delete question is an alertdialog, in the language, starting on Cancel',
      async (language) => {
        await inLanguage(language);
        const user = userEvent.setup();
        renderPage(`/${language}/my-posted-jobs`);
        await screen.findByRole('link', { name: 'Task 30' });
        await user.click(within(itemOf('Task 30')).getByRole('button', { name: COMMON[language].listingActions.delete }));
        const dialog = screen.getByRole('alertdialog', { name: ACCOUNT[language].myPosts.confirmDelete });
        expect(dialog).toHaveAccessibleDescription(`Task 30 ${ACCOUNT[language].myPosts.confirmDeleteDetail}`);
        expect(within(dialog).getByRole('button', { name: ACCOUNT[language].myPosts.cancel })).toHaveFocus();
      },
    );
  });

  it('refills a page from the next one after a deletion', async () => {
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs');
    await screen.findByText('Showing 12 of 30 posts');
    await user.click(within(itemOf('Task 25')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
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
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(address()).toBe('/en/my-posted-jobs'));
    expect(await screen.findByText('12 posts')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of my posts' })).toBeNull();
  });

  it.each([
    ['en', 1, '1 post'],
    ['he', 1, 'מודעה אחת'],
    ['he', 2, 'שתי מודעות'],
    ['ar', 1, 'إعلان واحد'],
    ['ar', 2, 'إعلانان'],
    ['ar', 11, '11 إعلانًا'],
    ['ru', 1, '1 объявление'],
    ['ru', 3, '3 объявления'],
    ['ru', 11, '11 объявлений'],
  ] as const)(
    'in %s, %i posts all on one page are counted as a native speaker says it, never "showing 1 of 1"',
    async (language, count, text) => {
      await inLanguage(language);
      stored = Array.from({ length: count }, (_, i) => listing(i + 1));
      renderPage(`/${language}/my-posted-jobs`);
      await screen.findByText(text);
      expect(document.querySelector('.my-posts__count')).toHaveTextContent(new RegExp(`^${text}$`));
    },
  );

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
    stored = [
      listing(1, { stats: { views: 12, reveals: 3, applications: 2 } }),
      listing(2, { stats: { views: 1, reveals: 1, applications: 0 } }),
      listing(3, { stats: { views: 1234, reveals: 0, applications: 0 } }),
      listing(4),
    ];
    renderPage('/en/my-posted-jobs');
    await screen.findByText('4 posts');
    expect(itemOf('Task 1')).toHaveTextContent('12 views · 3 phone reveals in the last 30 days');
    expect(itemOf('Task 2')).toHaveTextContent('1 view · 1 phone reveal in the last 30 days');
    expect(itemOf('Task 3')).toHaveTextContent('1,234 views · 0 phone reveals in the last 30 days');
    expect(itemOf('Task 4')).not.toHaveTextContent('in the last 30 days');
    // The applicants are counted before their list is opened.
    expect(within(itemOf('Task 1')).getByRole('button', { name: 'Applicants (2)' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(itemOf('Task 2')).getByRole('button', { name: 'Applicants (0)' })).toBeInTheDocument();
    expect(within(itemOf('Task 4')).getByRole('button', { name: 'Applicants' })).toBeInTheDocument();
  });

  it.each([
    [
      'he',
      [
        [12, 3, '12 צפיות · 3 הצגות של מספר הטלפון ב־30 הימים האחרונים'],
        [1, 2, 'צפייה אחת · שתי הצגות של מספר הטלפון ב־30 הימים האחרונים'],
      ],
    ],
    [
      'ar',
      [
        [0, 11, 'لا مشاهدات · طُلب رقم الهاتف 11 مرة خلال آخر 30 يومًا'],
        [2, 3, 'مشاهدتان · طُلب رقم الهاتف 3 مرات خلال آخر 30 يومًا'],
        [1234, 1, '1,234 مشاهدة · طُلب رقم الهاتف مرة واحدة خلال آخر 30 يومًا'],
      ],
    ],
    [
      'ru',
      [
        [21, 2, '21 просмотр · 2 показа телефона за последние 30 дней'],
        [5, 11, '5 просмотров · 11 показов телефона за последние 30 дней'],
      ],
    ],
  ] as const)('pluralises the stats in %s', async (language, cases) => {
    await inLanguage(language);
    stored = cases.map(([views, reveals], i) => listing(i + 1, { stats: { views, reveals, applications: 0 } }));
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

describe('MyPostedJobsPage: each listing’s applicants', () => {
  const dana: ListingApplication = {
    id: 5,
    status: 'sent',
    message: 'I can come on Sunday.',
    createdAt: '2026-11-20T10:00:00.000Z',
    conversationId: 40,
    applicant: { id: 21, displayName: 'Dana K.', rating: { average: 4.5, count: 2 } },
  };
  const omar: ListingApplication = {
    ...dana,
    id: 6,
    conversationId: 41,
    message: 'Available.',
    applicant: { id: 22, displayName: 'Omar S.', rating: { average: null, count: 0 } },
  };
  const toggleOf = (title: string) => within(itemOf(title)).getByRole('button', { name: /^(Applicants|Requests)/ });

  beforeEach(() => {
    stored = [listing(1), listing(2, { offerType: 'service' })];
  });

  it('asks for a listing’s applicants only when its owner opens them, then counts them on the button', async () => {
    const applicationsFor = jest.spyOn(api.deal, 'applicationsFor').mockResolvedValue({ applications: [dana, omar], nextCursor: null });
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs');
    await screen.findByText('2 posts');
    const toggle = toggleOf('Task 1');
    expect(toggle).toHaveTextContent(/^Applicants$/);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggleOf('Task 2')).toHaveTextContent(/^Requests$/);
    expect(applicationsFor).not.toHaveBeenCalled();
    // The cards alone are the page's list items until a panel opens.
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(await within(panel).findByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', '/en/user/21');
    expect(applicationsFor).toHaveBeenCalledTimes(1);
    expect(applicationsFor).toHaveBeenCalledWith(1, { cursor: undefined, signal: expect.any(AbortSignal) as AbortSignal });
    expect(toggle).toHaveTextContent(/^Applicants \(2\)$/);
    expect(within(panel).getByRole('link', { name: 'Open the conversation with Omar S.' })).toHaveAttribute('href', '/en/messages/41');

    // Closed with Escape, the focus back on the button; opened again, the list is the one already loaded.
    within(panel).getByRole('button', { name: 'Offer the job: Dana K.' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(within(panel).getByRole('link', { name: 'Dana K.' })).toBeVisible();
    expect(applicationsFor).toHaveBeenCalledTimes(1);
  });

  it('offers the job from the card, and a service’s requests are accepted', async () => {
    jest.spyOn(api.deal, 'applicationsFor').mockResolvedValue({ applications: [dana], nextCursor: null });
    const move = jest
      .spyOn(api.deal, 'move')
      .mockImplementation(async (id, status) => ({ id, jobId: 1, status, createdAt: dana.createdAt, conversationId: 40 }));
    await inLanguage('en');
    const user = userEvent.setup();
    renderPage('/en/my-posted-jobs');
    await screen.findByText('2 posts');

    await user.click(toggleOf('Task 1'));
    await user.click(await within(itemOf('Task 1')).findByRole('button', { name: 'Offer the job: Dana K.' }));
    expect(move).toHaveBeenCalledWith(5, 'offered');
    expect(await within(itemOf('Task 1')).findByText('Job offered')).toBeInTheDocument();

    await user.click(toggleOf('Task 2'));
    expect(await within(itemOf('Task 2')).findByRole('button', { name: 'Accept the request: Dana K.' })).toBeInTheDocument();
    expect(toggleOf('Task 2')).toHaveTextContent(/^Requests \(1\)$/);
  });

  it.each([
    ['he', 'מועמדים (1)', 'בקשות (1)'],
    ['ar', 'المتقدمون (1)', 'الطلبات (1)'],
    ['ru', 'Отклики (1)', 'Заявки (1)'],
  ] as const)('in %s, names and counts applicants and requests', async (language, applicants, requests) => {
    jest.spyOn(api.deal, 'applicationsFor').mockResolvedValue({ applications: [dana], nextCursor: null });
    await inLanguage(language);
    const user = userEvent.setup();
    renderPage(`/${language}/my-posted-jobs`);
    await screen.findByRole('link', { name: 'Task 1' });
    const [jobToggle, serviceToggle] = ['Task 1', 'Task 2'].map((title) => within(itemOf(title)).getByRole('button', { expanded: false }));
    await user.click(jobToggle as HTMLElement);
    await user.click(serviceToggle as HTMLElement);
    await waitFor(() => expect(jobToggle).toHaveTextContent(applicants));
    await waitFor(() => expect(serviceToggle).toHaveTextContent(requests));
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
