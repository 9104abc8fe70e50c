import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { api, ROUTER_FUTURE, type ReportedListing } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import ModerationPage from './ModerationPage';

const reported: ReportedListing = {
  listing: {
    job_id: 7,
    jobTitle: 'Cleaning, men only',
    status: 'active',
    contact_person_name: 'Omar',
    contact_methods: ['phone'],
    payment_type: 'fixed',
    offerType: 'job',
    description: 'x',
    amount: 100,
    category: 'homeServices',
    location: { city: 'Haifa', address: '' },
    image_url: [],
    publisher_id: 3,
    created_at: '2026-11-20T10:00:00Z',
    hidden: false,
  },
  publisher: { id: 3, email: 'omar@example.com', name: 'Omar', blocked: false },
  reportCount: 2,
  lastReportedAt: '2026-11-21T10:00:00Z',
  reports: [{ reason: 'discriminatory', note: 'Excludes women.', at: '2026-11-21T10:00:00Z' }],
};

function renderPage() {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/en/moderation']}>
      <ModerationPage />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(async () => {
  jest.restoreAllMocks();
  await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
  // Reported reviews and messages have their own section and test (ReportedContentSection.test.tsx).
  jest.spyOn(api.moderation, 'reportedContent').mockResolvedValue([]);
});

describe('ModerationPage', () => {
  it('shows "Page not found" when the server does not know the user as an admin', async () => {
    jest.spyOn(api.moderation, 'reports').mockRejectedValue({ statusCode: 404, messageKey: 'notFound' });
    jest.spyOn(api.moderation, 'actions').mockRejectedValue({ statusCode: 404, messageKey: 'notFound' });
    jest.spyOn(api.moderation, 'stats').mockRejectedValue({ statusCode: 404, messageKey: 'notFound' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('lists reports, hides a listing after confirmation, and moves between tabs with the arrow keys', async () => {
    jest
      .spyOn(api.moderation, 'reports')
      .mockResolvedValueOnce({ listings: [reported] })
      .mockResolvedValueOnce({ listings: [{ ...reported, listing: { ...reported.listing, hidden: true } }] });
    jest.spyOn(api.moderation, 'actions').mockResolvedValue({ actions: [] });
    jest
      .spyOn(api.moderation, 'stats')
      .mockResolvedValue({ days: [{ day: '2026-11-22', language: 'he', visits: 3, pageViews: 9, searches: 4, posts: 1 }] });
    const act = jest.spyOn(api.moderation, 'act').mockResolvedValue({
      id: 1,
      action: 'hide',
      adminEmail: 'admin@example.com',
      listingId: 7,
      userId: null,
      userEmail: null,
      at: '2026-11-22T10:00:00Z',
    });
    renderPage();
    expect(await screen.findByText('Reports: 2')).toBeInTheDocument();
    expect(screen.getByText('Excludes women.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide listing' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hide listing' }));
    expect(act).toHaveBeenCalledWith('hide', { listingId: 7 });
    expect(await screen.findByText('The listing is hidden.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Restore listing' })).toBeInTheDocument();

    screen.getByRole('tab', { name: 'Reports' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Actions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Actions' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getByText('Hide listing')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(within(screen.getByRole('tabpanel')).getByRole('table')).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
  });
});
