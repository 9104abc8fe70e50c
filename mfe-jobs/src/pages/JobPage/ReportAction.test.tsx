import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  COOKIE_ACCEPTED,
  DEFAULT_SETTINGS,
  flushAnalytics,
  REPORT_NOTE_MAX_LENGTH,
  signIn,
  signOut,
  STORAGE_KEYS,
  type AnalyticsEvent,
} from '@tasko/shared';
import { currentState, currentUrl, loadTexts, renderPage, stubBrowserGaps } from '../../testing/renderPage';
import { ReportAction } from './ReportAction';

function renderReport(url = '/en/job/7?from=list') {
  renderPage(<ReportAction listingId={7} />, url);
}

function openDialog() {
  return screen.getByRole('dialog', { name: 'Report this listing' });
}

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await loadTexts('en');
});
afterEach(() => act(() => signOut()));

describe('ReportAction signed out', () => {
  it('links to sign-in, carrying the way back to this listing', async () => {
    renderReport();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Log in to report' }));
    expect(currentUrl().pathname).toBe('/en/login');
    expect(currentState()).toEqual({ redirectTo: '/en/job/7?from=list' });
  });
});

describe('ReportAction signed in', () => {
  beforeEach(() => act(() => signIn({ token: 'session', info: { email: 'rina@example.com', name: 'Rina' }, settings: DEFAULT_SETTINGS })));

  it('is used with the keyboard alone: opens, asks for a reason, sends, and thanks with the focus on the answer', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
    const sent: AnalyticsEvent[] = [];
    jest.spyOn(api, 'sendEvents').mockImplementation(async (events) => {
      sent.push(...events);
    });
    const report = jest.spyOn(api, 'reportListing').mockResolvedValue({ reported: true });
    renderReport();
    const button = screen.getByRole('button', { name: 'Report' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = openDialog();
    expect(dialog).toHaveAttribute('open');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for the report.');
    expect(within(dialog).getByRole('radio', { name: 'Discriminatory' })).toHaveFocus();
    expect(report).not.toHaveBeenCalled();

    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Scam or fraud' })).toBeChecked();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(within(dialog).getByLabelText('Tell us more (optional)')).toHaveFocus();
    await userEvent.keyboard('  Asks for a deposit first.  ');
    expect(within(dialog).getByText('29 / 500')).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    expect(report).toHaveBeenCalledWith(7, { reason: 'scam', note: 'Asks for a deposit first.' });
    const thanks = await screen.findByText('Thank you. We have received your report and our team will review this listing.');
    expect(thanks).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    await act(() => flushAnalytics());
    expect(sent.filter((e) => e.name === 'report').map((e) => e.props)).toEqual([{ reason: 'scam' }]);
  });

  it('sends no note when none was written, and limits the note to its maximum length', async () => {
    const report = jest.spyOn(api, 'reportListing').mockResolvedValue({ reported: true });
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(within(openDialog()).getByLabelText('Tell us more (optional)')).toHaveAttribute('maxLength', String(REPORT_NOTE_MAX_LENGTH));
    await userEvent.click(within(openDialog()).getByLabelText('Offensive'));
    await userEvent.type(within(openDialog()).getByLabelText('Tell us more (optional)'), '   ');
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Send report' }));
    expect(report).toHaveBeenCalledWith(7, { reason: 'offensive' });
  });

  it('answers a second report (409) with "already reported"', async () => {
    jest.spyOn(api, 'reportListing').mockRejectedValue({ statusCode: 409, messageKey: 'alreadyReported' });
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await userEvent.click(within(openDialog()).getByLabelText('Illegal or unsafe'));
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have already reported this listing. Thank you, our team will review it.')).toHaveFocus();
  });

  it('keeps the reason and the note after a failure, says why, and sends them again', async () => {
    const report = jest
      .spyOn(api, 'reportListing')
      .mockRejectedValueOnce({ statusCode: 0, messageKey: 'networkError' })
      .mockResolvedValueOnce({ reported: true });
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await userEvent.click(within(openDialog()).getByLabelText('Something else'));
    await userEvent.type(within(openDialog()).getByLabelText('Tell us more (optional)'), 'Same ad posted ten times.');
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Send report' }));
    expect(await within(openDialog()).findByRole('alert')).toHaveTextContent(
      'No connection to the server. Check your internet connection and try again.',
    );
    expect(openDialog()).toHaveAttribute('open');
    expect(within(openDialog()).getByLabelText('Something else')).toBeChecked();
    expect(within(openDialog()).getByLabelText('Tell us more (optional)')).toHaveValue('Same ad posted ten times.');

    // Closed and opened again: still there, without the old error.
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(within(openDialog()).queryByRole('alert')).toBeNull();
    expect(within(openDialog()).getByLabelText('Tell us more (optional)')).toHaveValue('Same ad posted ten times.');
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Send report' }));
    expect(report).toHaveBeenLastCalledWith(7, { reason: 'other', note: 'Same ad posted ten times.' });
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you.');
  });

  it('translates the server’s refusal of a too long note beside the note', async () => {
    jest
      .spyOn(api, 'reportListing')
      .mockRejectedValue({ statusCode: 400, messageKey: 'invalidRequest', fields: { note: 'reportNoteTooLong' } });
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await userEvent.click(within(openDialog()).getByLabelText('Discriminatory'));
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Send report' }));
    expect(await within(openDialog()).findByRole('alert')).toHaveTextContent('The note is too long: up to 500 characters.');
  });

  it.each([
    ['he', 'דיווח'],
    ['ar', 'إبلاغ'],
    ['ru', 'Пожаловаться'],
  ] as const)('is called as the legal texts call it, in %s', async (language, label) => {
    await loadTexts(language);
    renderReport(`/${language}/job/7`);
    expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });
});
