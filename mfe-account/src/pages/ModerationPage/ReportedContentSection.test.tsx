import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { api, ROUTER_FUTURE, type ReportedContent } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import ModerationPage from './ModerationPage';

const reportedMessage: ReportedContent = {
  kind: 'message',
  id: 41,
  text: 'Send a deposit to my bank first',
  authorId: 9,
  hidden: false,
  reportCount: 3,
  reports: [{ reason: 'scam', note: 'Asks for money outside the site.', at: '2026-11-21T10:00:00Z' }],
  context: [
    { id: 39, authorId: null, text: 'hired', createdAt: '2026-11-20T09:00:00Z', kind: 'system' },
    { id: 40, authorId: 4, text: 'When can you come?', createdAt: '2026-11-20T10:00:00Z', kind: 'user' },
  ],
};
const reportedReview: ReportedContent = {
  kind: 'review',
  id: 7,
  text: '<b>Terrible</b> person',
  authorId: 4,
  hidden: true,
  reportCount: 1,
  reports: [{ reason: 'offensive', note: '', at: '2026-11-22T10:00:00Z' }],
  context: [],
};

function renderPage() {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/en/moderation']}>
      <ModerationPage />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  jest.restoreAllMocks();
  await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
  jest.spyOn(api.moderation, 'reports').mockResolvedValue({ listings: [] });
  jest.spyOn(api.moderation, 'actions').mockResolvedValue({ actions: [] });
  jest.spyOn(api.moderation, 'stats').mockResolvedValue({ days: [] });
});

describe('ModerationPage: reported reviews and messages', () => {
  it('shows each one as plain text with its reports and a message’s thread, and hides or restores it', async () => {
    const listed = jest
      .spyOn(api.moderation, 'reportedContent')
      .mockResolvedValueOnce([reportedMessage, reportedReview])
      .mockResolvedValueOnce([{ ...reportedMessage, hidden: true }, reportedReview]);
    const actOnContent = jest.spyOn(api.moderation, 'actOnContent').mockResolvedValue(undefined);
    renderPage();

    const section = await screen.findByRole('region', { name: 'Reported reviews and messages' });
    const message = await within(section).findByRole('listitem', { name: 'Message #41' });
    expect(within(message).getByText('Send a deposit to my bank first')).toHaveAttribute('dir', 'auto');
    expect(within(message).getByText('Reports: 3')).toBeInTheDocument();
    expect(within(message).getByText('Scam or fraud')).toBeInTheDocument();
    expect(within(message).getByText('Asks for money outside the site.')).toBeInTheDocument();
    expect(within(message).getByText('Written by member #9')).toBeInTheDocument();
    // The thread before it: the site's own note said as such, never its raw key.
    expect(within(message).getByText('Earlier in the conversation')).toBeInTheDocument();
    expect(within(message).getByText('When can you come?')).toBeInTheDocument();
    expect(within(message).getByText('An update from Tasko')).toBeInTheDocument();
    expect(within(message).queryByText('hired')).toBeNull();

    // A review's text is shown as typed: markup in it is text, not markup.
    const review = within(section).getByRole('listitem', { name: 'Review #7' });
    expect(within(review).getByText('<b>Terrible</b> person')).toBeInTheDocument();
    expect(review.querySelector('b')).toBeNull();
    expect(within(review).getByText('Hidden')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Restore review' })).toBeInTheDocument();

    await userEvent.click(within(message).getByRole('button', { name: 'Hide message' }));
    expect(actOnContent).toHaveBeenCalledWith('message', 41, 'hide');
    expect(await screen.findByText('Hidden from every page of the site.')).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Restore message' })).toBeInTheDocument();
    expect(listed).toHaveBeenCalledTimes(2);
  });

  it('says when nothing is reported, and offers a retry when the list cannot load, leaving the listings’ reports', async () => {
    jest
      .spyOn(api.moderation, 'reportedContent')
      .mockRejectedValueOnce({ statusCode: 0, messageKey: 'networkError' })
      .mockResolvedValueOnce([]);
    renderPage();
    expect(await screen.findByText('Failed to load the reported reviews and messages. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('No reported listings.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reported reviews or messages.')).toBeInTheDocument();
  });

  it('says when hiding failed', async () => {
    jest.spyOn(api.moderation, 'reportedContent').mockResolvedValue([reportedMessage]);
    jest.spyOn(api.moderation, 'actOnContent').mockRejectedValue({ statusCode: 500, messageKey: 'serverError' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide message' }));
    expect(await screen.findByText('The action failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide message' })).toBeEnabled();
  });
});
