import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicReview, UserProfile } from '@tasko/shared';
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
  return { id, rating: 4, text: `Review ${id}`, role: 'poster', createdAt: '2026-10-01T09:00:00.000Z', author: { id: 100 + id, displayName: `Author ${id}` }, ...overrides };
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
    expect(screen.getByRole('img', { name: 'Profile picture of Dana K.' })).toHaveAttribute('src', 'https://lh3.googleusercontent.com/a/dana');
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
        aReview(2, { rating: 5, text: 'עבודה מצוינת <b>תודה</b>', role: 'worker', createdAt: '2026-11-02T09:00:00.000Z', author: { id: 12, displayName: 'Omer H.' }, reply: { text: 'Thank you!', createdAt: '2026-11-03T09:00:00.000Z' } }),
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
    await answer(1, 200, aProfile({ rating: { average: null, count: 0, asPoster: { average: null, count: 0 }, asWorker: { average: null, count: 0 } } }));
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
    await answer(2, 200, { reviews: [aReview(1, { rating: 5, role: 'worker', author: { id: 12, displayName: 'Omer H.' }, reply: { text: 'Thanks', createdAt: '2026-10-02T09:00:00.000Z' } })], total: 1 });
    expect(screen.getByText(since)).toBeInTheDocument();
    expect(screen.getAllByText(role).length).toBeGreaterThan(0);
    expect(screen.getByText(stars)).toBeInTheDocument();
    expect(screen.getByText(reply)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Omer H.' })).toHaveAttribute('href', `/${language}/user/12`);
  });
});
