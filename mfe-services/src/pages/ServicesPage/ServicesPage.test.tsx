import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { api, DEFAULT_SETTINGS, ROUTER_FUTURE, signIn, signOut, type Language, type Listing, type ListingPage } from '@tasko/shared';
import { LISTING_NS } from '@tasko/shared/listing';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { SERVICES_NS } from '../../servicesNamespace';
import ServicesPage from './ServicesPage';
import { stubBrowserGaps } from '../../../../shared/test/browserGaps';

async function loadTexts(language: Language): Promise<void> {
  const services = (await import(`../../locales/${language}/services.json`)) as { default: object };
  const listing = (await import(`../../../../shared/src/locales/${language}/listing.json`)) as { default: object };
  await act(() => setUpI18n(language, { [SERVICES_NS]: services.default, [LISTING_NS]: listing.default }));
}

function renderAt(url: string) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <ServicesPage />
    </MemoryRouter>,
  );
}

const tutoring: Listing = {
  job_id: 3,
  jobTitle: 'Math tutoring',
  status: 'active',
  contact_person_name: 'Dana',
  contact_methods: ['phone'],
  payment_type: 'hourly',
  offerType: 'service',
  description: 'Grades 7 to 12.',
  amount: 120,
  category: 'educationAndTutoring',
  location: { city: 'Tel Aviv-Yafo', address: '' },
  image_url: ['/uploads/t.jpg'],
  publisher_id: 2,
  created_at: '2026-11-20T10:00:00.000Z',
};
const onePage = (jobs: Listing[]): ListingPage => ({ jobs, total: jobs.length, page: 1, pageSize: 12 });

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  await loadTexts('en');
});

describe('ServicesPage', () => {
  it('asks only for services and shows them as a grid of cards, with the loading text meanwhile', async () => {
    let answer: (page: ListingPage) => void = () => {};
    const search = jest.spyOn(api, 'searchJobs').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/en/services');
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    expect(screen.getByText('Loading services…')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith({ offerType: 'service', page: 1, pageSize: 12, language: 'en' }, expect.any(AbortSignal));

    await act(async () => answer(onePage([tutoring])));
    expect(screen.queryByText('Loading services…')).toBeNull();
    const grid = screen.getByRole('list');
    expect(grid).toHaveClass('listing-list--grid');
    expect(within(grid).getByRole('link', { name: 'Math tutoring' })).toHaveAttribute('href', '/en/job/3');
    expect(within(grid).getByText('₪120/hour')).toBeInTheDocument();
    expect(screen.getByText('1 service found')).toBeInTheDocument();
  });

  it('filters by category chip and by text and place from the search bar, through the URL', async () => {
    const search = jest.spyOn(api, 'searchJobs').mockResolvedValue(onePage([]));
    renderAt('/en/services?location=Haifa');
    expect(await screen.findByText('No services found.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Where?' })).toHaveValue('Haifa');
    await userEvent.click(screen.getByRole('button', { name: 'Education and tutoring' }));
    expect(search).toHaveBeenLastCalledWith(
      { offerType: 'service', location: 'Haifa', category: 'educationAndTutoring', page: 1, pageSize: 12, language: 'en' },
      expect.any(AbortSignal),
    );
    await userEvent.type(screen.getByLabelText('What are you looking for?'), 'math');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).toHaveBeenLastCalledWith(
      expect.objectContaining({ offerType: 'service', q: 'math', location: 'Haifa', category: 'educationAndTutoring' }),
      expect.any(AbortSignal),
    );
    expect(await screen.findByText('No services found.')).toBeInTheDocument();
  });

  it('saves the services search shown as an alert, for a signed-in user', async () => {
    jest.spyOn(api, 'searchJobs').mockResolvedValue(onePage([tutoring]));
    const create = jest.spyOn(api.alerts, 'create').mockResolvedValue({
      id: 1,
      offerType: 'service',
      q: 'math',
      category: 'educationAndTutoring',
      frequency: 'instant',
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    jest.spyOn(api, 'getSettings').mockResolvedValue({ ...DEFAULT_SETTINGS, emailNotifications: true });
    act(() => signIn({ token: 'session', info: { email: 'dana@example.com', name: 'Dana' }, settings: DEFAULT_SETTINGS }));
    try {
      renderAt('/en/services?q=math&category=educationAndTutoring&sort=salary-high');
      await screen.findByText('1 service found');
      await userEvent.click(screen.getByRole('button', { name: 'Notify me about new listings like these' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Save alert' }));
      expect(create).toHaveBeenCalledWith({ offerType: 'service', q: 'math', category: 'educationAndTutoring', frequency: 'instant' });
      expect(await screen.findByText('We’ll email you new services like these.')).toBeInTheDocument();
    } finally {
      act(() => signOut());
    }
  });

  it('shows the server problem in a popup, whose retry asks again', async () => {
    const search = jest
      .spyOn(api, 'searchJobs')
      .mockRejectedValueOnce({ statusCode: 500, messageKey: 'serverError' })
      .mockResolvedValueOnce(onePage([tutoring]));
    renderAt('/en/services');
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveAttribute('open');
    expect(within(popup).getByText('There was a problem with the server. Please try again in a few minutes.')).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Math tutoring' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('closes the server-problem popup with Close or Escape, leaving the retry on the page, and shows it again for the next failure', async () => {
    const failure = { statusCode: 500, messageKey: 'serverError' };
    jest
      .spyOn(api, 'searchJobs')
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(onePage([tutoring]));
    renderAt('/en/services');
    const popup = await screen.findByRole('alertdialog', {
      name: 'There was a problem with the server. Please try again in a few minutes.',
    });
    // A hurried Enter closes the popup rather than sending the search again.
    expect(within(popup).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Math tutoring' })).toBeInTheDocument();
  });

  it('reads in Hebrew, with a Hebrew service and an English one each in its own direction', async () => {
    await loadTexts('he');
    jest
      .spyOn(api, 'searchJobs')
      .mockResolvedValue(onePage([{ ...tutoring, job_id: 4, jobTitle: 'שיעורי גיטרה', description: 'למתחילים.' }, tutoring]));
    renderAt('/he/services');
    expect(screen.getByRole('heading', { level: 1, name: 'שירותים' })).toBeInTheDocument();
    expect(await screen.findByText('נמצאו שני שירותים')).toBeInTheDocument();
    expect(screen.getByText('Grades 7 to 12.')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('link', { name: 'שיעורי גיטרה' })).toHaveAttribute('href', '/he/job/4');
    expect(screen.getByRole('button', { name: 'חינוך ושיעורים פרטיים' })).toHaveAttribute('aria-pressed', 'false');
  });
});
