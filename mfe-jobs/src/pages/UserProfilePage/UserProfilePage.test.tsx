import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS, signIn, signOut, type PublicReview, type UserProfile } from '@tasko/shared';
import { installMockApi, type HeldRequest } from '../../../../shared/test/mockApi';
import { loadTexts, renderPage } from '../../testing/renderPage';
import UserProfilePage from './UserProfilePage';

const ROUTE = '/:lang/user/:id';
const server = installMockApi();

function aProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 3,
    displayName: 'Dana K.',
    memberSince: '2025-03',
    emailVerified: true,
    activeListings: 3,
    rating: { average: 4.5, count: 6, asPoster: { average: 4.25, count: 4 }, asWorker: { average: null, count: 0 } },
    ...overrides,
  };
}

function aReview(id: number, overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id,
    rating: 4,
    text: `Review ${id}`,
    role: 'poster',
    createdAt: '2026-10-01T09:00:00.000Z',
    author: { id: 100 + id, displayName: `Author ${id}` },
    ...overrides,
  };
}

/** The `number`th request, answered; its URL is returned to be checked. */
async function answer(number: number, status: number, data: unknown): Promise<HeldRequest> {
  const request = await server.held(number);
  await act(async () => request.answer(status, data));
  return request;
}

beforeEach(async () => {
  server.answerWith('hold');
  await loadTexts('en');
});

describe('UserProfilePage', () => {
  it('shows who the member is: name, picture described, month joined, Google’s word, active listings, and a title naming them', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the profile…');
    const profile = await answer(1, 200, aProfile({ picture: 'https://lh3.googleusercontent.com/a/dana' }));
    expect([profile.method, profile.url]).toEqual(['GET', '/api/v1/users/3']);
    const heading = screen.getByRole('heading', { level: 1, name: 'Dana K.' });
    expect(heading.querySelector('bdi')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('img', { name: 'Profile picture of Dana K.' })).toHaveAttribute(
      'src',
      'https://lh3.googleusercontent.com/a/dana',
    );
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getByText('Email verified by Google')).toBeInTheDocument();
    expect(screen.getByText('3 active listings')).toBeInTheDocument();
    expect(document.title).toBe('Dana K.: member profile | Tasko');
  });

  it('says nothing of Google where Google did not verify, and shows the initial without a picture', async () => {
    const view = renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile({ emailVerified: false, activeListings: 0, displayName: 'עומר ח.' }));
    expect(screen.queryByText(/Google/)).toBeNull();
    expect(screen.getByText('No active listings')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(view.container.querySelector('.profile__picture')).toHaveTextContent('ע');
  });

  it('splits the rating: overall, as a poster, and as a worker', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile());
    const rating = screen.getByRole('region', { name: 'Rating' });
    const valueOf = (term: string) => within(rating).getByText(term).nextElementSibling;
    expect(valueOf('Overall')).toHaveTextContent('Rated 4.5 out of 5 from 6 reviews');
    expect(valueOf('As a client')).toHaveTextContent('Rated 4.3 out of 5 from 4 reviews');
    expect(valueOf('As a worker')).toHaveTextContent('No reviews yet');
  });

  it('lists the published reviews as sent, newest first: stars, plain text in its own direction, author’s profile, role, date and reply', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile());
    const reviews = await answer(2, 200, {
      reviews: [
        aReview(2, {
          rating: 5,
          text: 'עבודה מצוינת <b>תודה</b>',
          role: 'worker',
          createdAt: '2026-11-02T09:00:00.000Z',
          author: { id: 12, displayName: 'Omer H.' },
          reply: { text: 'Thank you!', createdAt: '2026-11-03T09:00:00.000Z' },
        }),
        aReview(1, { rating: 3, role: 'poster', text: '' }),
      ],
      total: 2,
    });
    expect(reviews.url).toBe('/api/v1/users/3/reviews?page=1');
    const items = within(screen.getByRole('region', { name: 'Reviews' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [newest, older] = items as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Rated 5 out of 5')).toBeInTheDocument();
    // Plain text: markup typed into a review stays text.
    const text = within(newest).getByText('עבודה מצוינת <b>תודה</b>');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(newest.querySelector('b')).toBeNull();
    expect(within(newest).getByRole('link', { name: 'Omer H.' })).toHaveAttribute('href', '/en/user/12');
    expect(within(newest).getByText('As a worker')).toBeInTheDocument();
    expect(within(newest).getAllByRole('time')[0]).toHaveAttribute('datetime', '2026-11-02T09:00:00.000Z');
    expect(within(newest).getByText('Reply')).toBeInTheDocument();
    expect(within(newest).getByText('Thank you!')).toHaveAttribute('dir', 'auto');
    expect(within(older).getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(within(older).getByText('As a client')).toBeInTheDocument();
    expect(within(older).queryByText('Reply')).toBeNull();
    // All on one page: no paging.
    expect(screen.queryByRole('navigation', { name: 'Pages of reviews' })).toBeNull();
  });

  it('pages through the reviews, ten at a time, and takes the keyboard to the top of the new page', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile());
    await answer(2, 200, { reviews: Array.from({ length: 10 }, (_, i) => aReview(30 - i)), total: 12 });
    const paging = screen.getByRole('navigation', { name: 'Pages of reviews' });
    expect(within(paging).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(paging).getByRole('button', { name: 'Next' }));
    // The page read last stays while the next loads.
    expect(screen.getByText('Review 30')).toBeInTheDocument();
    const second = await answer(3, 200, { reviews: [aReview(20), aReview(19)], total: 12 });
    expect(second.url).toBe('/api/v1/users/3/reviews?page=2');
    expect(screen.queryByText('Review 30')).toBeNull();
    expect(screen.getByText('Review 19')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toHaveFocus();
    expect(within(screen.getByRole('navigation', { name: 'Pages of reviews' })).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when there are no reviews yet, and offers to try again when they fail to load', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(
      1,
      200,
      aProfile({ rating: { average: null, count: 0, asPoster: { average: null, count: 0 }, asWorker: { average: null, count: 0 } } }),
    );
    await answer(2, 503, { statusCode: 503, messageKey: 'serviceUnavailable' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the reviews. Please try again.');
    // The profile itself stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Dana K.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await answer(3, 200, { reviews: [], total: 0 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No reviews published yet.')).toBeInTheDocument();
  });

  it('says a member was not found (404 userNotFound), with the way back, and asks nothing for a malformed id', async () => {
    const { unmount } = renderPage(<UserProfilePage />, '/en/user/999', ROUTE);
    await answer(1, 404, { statusCode: 404, messageKey: 'userNotFound' });
    expect(screen.getByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getByText('The link may be wrong, or the account no longer exists.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute('href', '/en');
    expect(document.title).toBe('Member not found | Tasko');
    unmount();
    renderPage(<UserProfilePage />, '/en/user/abc', ROUTE);
    expect(screen.getByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(server.sent).toHaveLength(1);
  });

  it('offers a retry when the profile could not be loaded', async () => {
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 0, undefined);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the profile. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await answer(2, 200, aProfile());
    expect(screen.getByRole('heading', { level: 1, name: 'Dana K.' })).toBeInTheDocument();
  });

  it.each([
    ['he', 'ב-Tasko מאז מרץ 2025', 'כמבצע העבודה', 'דירוג: 5 מתוך 5', 'תגובה'],
    ['ar', 'في Tasko منذ مارس 2025', 'كمنفّذ للعمل', 'التقييم: 5 من 5', 'الرد'],
    ['ru', 'Дата регистрации: март 2025 г.', 'Как исполнитель', 'Оценка: 5 из 5', 'Ответ'],
  ] as const)('in %s, reads as a native speaker writes it', async (language, since, role, stars, reply) => {
    await loadTexts(language);
    renderPage(<UserProfilePage />, `/${language}/user/3`, ROUTE);
    await answer(1, 200, aProfile());
    await answer(2, 200, {
      reviews: [
        aReview(1, {
          rating: 5,
          role: 'worker',
          author: { id: 12, displayName: 'Omer H.' },
          reply: { text: 'Thanks', createdAt: '2026-10-02T09:00:00.000Z' },
        }),
      ],
      total: 1,
    });
    expect(screen.getByText(since)).toBeInTheDocument();
    expect(screen.getAllByText(role).length).toBeGreaterThan(0);
    expect(screen.getByText(stars)).toBeInTheDocument();
    expect(screen.getByText(reply)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Omer H.' })).toHaveAttribute('href', `/${language}/user/12`);
  });
});

/** A signed-in member; `id` undefined is a session stored before sign-in answers carried it. */
function signInAs(id: number | undefined) {
  act(() =>
    signIn({
      token: 'session',
      info: { ...(id === undefined ? {} : { id }), email: 'member@example.com', name: 'Member' },
      settings: DEFAULT_SETTINGS,
    }),
  );
}

/** Dana's profile (id 3) with two reviews: 2 already answered, 1 not; review n is by member 100 + n. */
async function openProfileWithReviews(): Promise<[HTMLElement, HTMLElement]> {
  renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
  await answer(1, 200, aProfile());
  await answer(2, 200, {
    reviews: [aReview(2, { reply: { text: 'Thank you!', createdAt: '2026-11-03T09:00:00.000Z' } }), aReview(1)],
    total: 2,
  });
  return within(screen.getByRole('region', { name: 'Reviews' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
}

const bodyOf = (request: HeldRequest): unknown => JSON.parse(request.body as string);

describe('UserProfilePage: the reviewed member’s reply', () => {
  afterEach(() => act(() => signOut()));

  it('lets the member reply once to a review without a reply, with the keyboard, and shows the reply in place with the focus on it', async () => {
    signInAs(3);
    const [answered, open] = await openProfileWithReviews();
    expect(within(answered).queryByRole('button', { name: 'Reply' })).toBeNull();
    // The reviewed member replies; they do not report what is said of them.
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();

    const toggle = within(open).getByRole('button', { name: 'Reply' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = within(open).getByRole('textbox', { name: 'Your public reply' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxlength', '1000');
    expect(field).toHaveAccessibleDescription('You can reply once to each review. Everyone who visits your profile will see your reply.');

    // Nothing typed: said beside the field, nothing sent.
    await userEvent.click(within(open).getByRole('button', { name: 'Send reply' }));
    expect(within(open).getByRole('alert')).toHaveTextContent('Write a reply.');
    expect(field).toHaveFocus();
    expect(server.sent).toHaveLength(2);

    await userEvent.keyboard('  Glad it went well, thanks!  ');
    expect(within(open).queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(within(open).getByRole('button', { name: 'Send reply' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const sent = await server.held(3);
    expect([sent.method, sent.url]).toEqual(['POST', '/api/v1/reviews/1/reply']);
    expect(bodyOf(sent)).toEqual({ text: 'Glad it went well, thanks!' });
    await act(async () => sent.answer(201, { reply: { text: 'Glad it went well, thanks!', createdAt: '2026-11-04T09:00:00.000Z' } }));

    expect(within(open).queryByRole('textbox')).toBeNull();
    expect(within(open).queryByRole('button', { name: 'Reply' })).toBeNull();
    const reply = within(open).getByText('Glad it went well, thanks!');
    expect(reply).toHaveAttribute('dir', 'auto');
    expect(reply.closest('.review__reply')).toHaveFocus();
    expect(within(open).getByRole('status')).toHaveTextContent('Your reply is published.');
  });

  it('counts the characters near the limit, and Cancel closes the form, back on its toggle, keeping the text', async () => {
    signInAs(3);
    const [, open] = await openProfileWithReviews();
    await userEvent.click(within(open).getByRole('button', { name: 'Reply' }));
    await userEvent.paste('a'.repeat(799));
    expect(within(open).queryByText(/characters used/)).toBeNull();
    await userEvent.keyboard('b');
    expect(within(open).getByRole('textbox')).toHaveAccessibleDescription(/800 of 1,000 characters used/);
    await userEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
    const toggle = within(open).getByRole('button', { name: 'Reply' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(open).queryByRole('textbox')).toBeNull();
    await userEvent.click(toggle);
    expect(within(open).getByRole('textbox')).toHaveValue('a'.repeat(799) + 'b');
  });

  it('keeps what was typed when the reply is refused, and says why', async () => {
    signInAs(3);
    const [, open] = await openProfileWithReviews();
    await userEvent.click(within(open).getByRole('button', { name: 'Reply' }));
    await userEvent.keyboard('Thanks a lot');
    await userEvent.click(within(open).getByRole('button', { name: 'Send reply' }));
    await answer(3, 409, { statusCode: 409, messageKey: 'alreadyReplied' });
    expect(within(open).getByRole('alert')).toHaveTextContent('You have already replied to this review.');
    const field = within(open).getByRole('textbox', { name: 'Your public reply' });
    expect(field).toHaveValue('Thanks a lot');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(open).getByRole('button', { name: 'Send reply' }));
    const lost = await server.held(4);
    await act(async () => lost.drop());
    expect(within(open).getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(field).toHaveValue('Thanks a lot');
  });

  it('offers no reply to anyone else, nor to a session that cannot say who it is', async () => {
    signInAs(50);
    const { unmount } = renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile());
    await answer(2, 200, { reviews: [aReview(1)], total: 1 });
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    unmount();
    act(() => signOut());
    signInAs(undefined);
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(3, 200, aProfile());
    await answer(4, 200, { reviews: [aReview(1)], total: 1 });
    expect(screen.getByText('Review 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

describe('UserProfilePage: reporting a review', () => {
  afterEach(() => act(() => signOut()));

  it('lets another member report a review: a reason, an optional note, and thanks with the focus on it', async () => {
    signInAs(50);
    const [, open] = await openProfileWithReviews();
    const toggle = within(open).getByRole('button', { name: 'Report' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(open).getByRole('form', { name: 'Report this review' });
    const reasons = within(form).getByRole('group', { name: 'What is wrong with it?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent?.trim()),
    ).toEqual(['Discriminatory', 'Fake or misleading', 'Offensive', 'Illegal', 'Something else']);
    expect(within(reasons).getByRole('radio', { name: 'Discriminatory' })).toHaveFocus();

    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a reason for the report.');
    expect(server.sent).toHaveLength(2);

    await userEvent.click(within(reasons).getByRole('radio', { name: 'Fake or misleading' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tell us more (optional)' }), '  We never worked together  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    const sent = await server.held(3);
    expect([sent.method, sent.url]).toEqual(['POST', '/api/v1/reviews/1/reports']);
    expect(bodyOf(sent)).toEqual({ reason: 'scam', note: 'We never worked together' });
    await act(async () => sent.answer(201, { reported: true }));

    const thanks = within(open).getByRole('status');
    expect(thanks).toHaveTextContent('Thank you, we will look at it.');
    expect(thanks).toHaveFocus();
    expect(within(open).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(open).queryByRole('form')).toBeNull();
  });

  it('sends no note when none is written, and says so when the review was reported before (409 alreadyReported)', async () => {
    signInAs(50);
    const [answered] = await openProfileWithReviews();
    await userEvent.click(within(answered).getByRole('button', { name: 'Report' }));
    await userEvent.click(within(answered).getByRole('radio', { name: 'Offensive' }));
    await userEvent.click(within(answered).getByRole('button', { name: 'Send report' }));
    const sent = await server.held(3);
    expect([sent.url, bodyOf(sent)]).toEqual(['/api/v1/reviews/2/reports', { reason: 'offensive' }]);
    await act(async () => sent.answer(409, { statusCode: 409, messageKey: 'alreadyReported' }));
    expect(within(answered).getByRole('status')).toHaveTextContent('You have already reported this review. Thank you, we will look at it.');
    expect(within(answered).queryByRole('alert')).toBeNull();
  });

  it('says why a report failed and keeps the form as it was', async () => {
    signInAs(50);
    const [, open] = await openProfileWithReviews();
    await userEvent.click(within(open).getByRole('button', { name: 'Report' }));
    await userEvent.click(within(open).getByRole('radio', { name: 'Illegal' }));
    await userEvent.type(within(open).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Threats');
    await userEvent.click(within(open).getByRole('button', { name: 'Send report' }));
    await answer(3, 429, { statusCode: 429, messageKey: 'rateLimited' });
    expect(within(open).getByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
    expect(within(open).getByRole('radio', { name: 'Illegal' })).toBeChecked();
    expect(within(open).getByRole('textbox', { name: 'Tell us more (optional)' })).toHaveValue('Threats');
  });

  it('offers no report to a signed-out visitor, to the profile’s owner, or to the review’s author', async () => {
    const { unmount } = renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(1, 200, aProfile());
    await answer(2, 200, { reviews: [aReview(2), aReview(1)], total: 2 });
    expect(screen.getByText('Review 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    unmount();

    signInAs(101);
    renderPage(<UserProfilePage />, '/en/user/3', ROUTE);
    await answer(3, 200, aProfile());
    await answer(4, 200, { reviews: [aReview(2), aReview(1)], total: 2 });
    const [byOther, byMe] = within(screen.getByRole('region', { name: 'Reviews' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(byOther).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(byMe).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it.each([
    ['he', 'כתיבת תגובה', 'דיווח', 'דיווח על חוות הדעת', 'מזויפת או מטעה'],
    ['ar', 'كتابة رد', 'إبلاغ', 'الإبلاغ عن هذا التقييم', 'مزيّف أو مضلّل'],
    ['ru', 'Ответить', 'Пожаловаться', 'Жалоба на отзыв', 'Фальшивый отзыв или обман'],
  ] as const)('in %s, names the actions as a native speaker does', async (language, replyAction, reportAction, reportTitle, scam) => {
    await loadTexts(language);
    signInAs(3);
    const { unmount } = renderPage(<UserProfilePage />, `/${language}/user/3`, ROUTE);
    await answer(1, 200, aProfile());
    await answer(2, 200, { reviews: [aReview(1)], total: 1 });
    expect(screen.getByRole('button', { name: replyAction })).toBeInTheDocument();
    unmount();
    act(() => signOut());
    signInAs(50);
    renderPage(<UserProfilePage />, `/${language}/user/3`, ROUTE);
    await answer(3, 200, aProfile());
    await answer(4, 200, { reviews: [aReview(1)], total: 1 });
    await userEvent.click(screen.getByRole('button', { name: reportAction }));
    expect(within(screen.getByRole('form', { name: reportTitle })).getByRole('radio', { name: scam })).toBeInTheDocument();
  });
});
