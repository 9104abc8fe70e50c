import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPhone } from '../support/site.js';
import { expect, test } from '../support/test.js';

// The deal kept on the site (docs/deal.md), walked by two people at once, each in a browser of their own: a
// poster on a desktop in English, a worker on a phone in Arabic. Nothing is reloaded to see the other's
// move: the event stream brings it. Specs share their worker's site: the two people are this spec's own.

const POSTER = { email: 'deal-poster@e2e.test', name: 'Dana Poster' };
const WORKER = { email: 'deal-worker@e2e.test', name: 'Omar Worker' };

const EN = {
  signIn: 'Sign in with Google',
  unread: (count: number) => `Messages, ${count} unread`,
  composer: 'Your message',
  send: 'Send',
  applicants: /^Applicants/,
  offer: 'Offer the job: Omar W.',
  done: 'Mark as done: Omar W.',
  reviewTitle: 'How did it go?',
  rating: (stars: number) => `${stars} stars`,
  reviewText: 'Your review (optional)',
  sendReview: 'Send review',
  published: 'Thank you. Your review is now published, together with the one Omar W. wrote.',
  ratingOf: (average: string, count: number) => `Rated ${average} out of 5 from ${count} review${count === 1 ? '' : 's'}`,
} as const;

const AR = {
  signIn: 'تسجيل الدخول بحساب Google',
  message: 'رسالتك إلى صاحب الإعلان',
  sendApplication: 'إرسال الطلب',
  openConversation: 'فتح المحادثة',
  acceptOffer: 'قبول العرض',
  composer: 'رسالتك',
  reviewTitle: 'كيف جرت الأمور؟',
  rating: 'نجمة واحدة',
  sendReview: 'إرسال التقييم',
} as const;

test.describe('the deal, from application to reviews published together', () => {
  test('a worker applies in Arabic on a phone, the poster answers, offers the job, the worker accepts, the poster marks the work done in English, and both review', async ({
    browser,
    site,
    page: poster,
    pageErrors: posterErrors,
  }) => {
    const worker = await newPhone(browser, { hasAnsweredBanner: true });
    try {
      const token = await apiSession(poster.request, site.origin, POSTER.email, POSTER.name);
      const jobId = await createListing(poster.request, site.origin, token, { jobTitle: 'Move a sofa to the third floor' });

      // The poster signs in and waits on the home page: the header will say when someone writes.
      await poster.goto('/en/login');
      await signInThroughProvider(poster, POSTER.email, POSTER.name, EN.signIn);
      await poster.goto('/en/');
      await expect(poster.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

      // The worker applies from the listing, in Arabic, on a phone.
      await worker.page.goto(`${site.origin}/ar/login`);
      await signInThroughProvider(worker.page, WORKER.email, WORKER.name, AR.signIn);
      await worker.page.goto(`${site.origin}/ar/job/${jobId}`);
      await worker.page.getByLabel(AR.message).fill('مرحبًا، أستطيع المساعدة غدًا صباحًا.');
      await worker.page.getByRole('button', { name: AR.sendApplication }).click();
      await worker.page.getByRole('link', { name: AR.openConversation }).click();
      const workerThread = worker.page.getByRole('log');
      await expect(workerThread.getByText('مرحبًا، أستطيع المساعدة غدًا صباحًا.')).toBeVisible();

      // Without a reload, the poster's header counts the unread application message; the inbox opens the thread.
      await poster.getByRole('link', { name: EN.unread(1) }).click();
      await poster.getByRole('link', { name: /Omar W\./ }).click();
      const posterThread = poster.getByRole('log');
      await expect(posterThread.getByText('مرحبًا، أستطيع المساعدة غدًا صباحًا.')).toBeVisible();
      const conversationUrl = poster.url();
      // Read: the count is gone from the header.
      await expect(poster.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

      // The poster's answer reaches the worker's open thread live.
      await poster.getByLabel(EN.composer).fill('Great! Can you come at 10?');
      await poster.getByRole('button', { name: EN.send, exact: true }).click();
      await expect(posterThread.getByText('Great! Can you come at 10?')).toBeVisible();
      await expect(poster.getByLabel(EN.composer), 'focus stays in the composer after sending').toBeFocused();
      await expect(workerThread.getByText('Great! Can you come at 10?')).toBeVisible();

      // The poster offers the job from My posts; the worker accepts it in the open thread (the offer arrives live),
      // and the poster's row follows, live too, with "Mark as done".
      await poster.goto('/en/my-posted-jobs');
      await poster.getByRole('button', { name: EN.applicants }).click();
      await poster.getByRole('button', { name: EN.offer }).click();
      await worker.page.getByRole('button', { name: AR.acceptOffer }).click();
      await poster.getByRole('button', { name: EN.done }).click();

      // The worker's thread shows the review form as soon as the work is done; the worker gives one star.
      await expect(worker.page.getByRole('heading', { name: AR.reviewTitle })).toBeVisible();
      await worker.page.getByRole('radio', { name: AR.rating }).check();
      await worker.page.getByRole('button', { name: AR.sendReview }).click();
      await expect(worker.page.getByRole('status').filter({ hasText: 'سيُنشر' })).toBeVisible();

      // Double-blind: the worker's review is not on the poster's profile yet.
      const posterProfileLink = worker.page.getByRole('link', { name: 'Dana P.', exact: true }).first();
      await expect(posterProfileLink, 'the thread links to the poster’s profile').toHaveAttribute('href', /\/ar\/user\/\d+$/);
      const posterProfileHref = (await posterProfileLink.getAttribute('href')) ?? '';
      const publicReviews = async (href: string) => {
        const answer = await poster.request.get(`${site.origin}/api/v1/users/${href.split('/user/')[1]}/reviews?page=1`);
        return ((await answer.json()) as { total: number }).total;
      };
      expect(await publicReviews(posterProfileHref)).toBe(0);
      await poster.goto(conversationUrl);
      const workerProfileLink = poster.getByRole('link', { name: 'Omar W.', exact: true }).first();
      await expect(workerProfileLink, 'the thread links to the worker’s profile').toHaveAttribute('href', /\/en\/user\/\d+$/);
      const workerProfileHref = (await workerProfileLink.getAttribute('href')) ?? '';

      // The poster reviews: both reviews are published together.
      await expect(poster.getByRole('heading', { name: EN.reviewTitle })).toBeVisible();
      await poster.getByRole('radio', { name: EN.rating(5) }).check();
      await poster.getByLabel(EN.reviewText).fill('On time and careful with the stairs.');
      await poster.getByRole('button', { name: EN.sendReview }).click();
      await expect(poster.getByText(EN.published)).toBeVisible();

      // The worker's profile: five stars from one review, the poster's words on it; the poster's, one star.
      await poster.goto(workerProfileHref);
      await expect(poster.getByText('On time and careful with the stairs.')).toBeVisible();
      await expect(poster.getByText(EN.ratingOf('5.0', 1)).first()).toBeAttached();
      await worker.page.goto(`${site.origin}${posterProfileHref}`);
      await expect(worker.page.getByRole('heading', { name: 'Dana P.' })).toBeVisible();
      expect(await publicReviews(posterProfileHref)).toBe(1);

      expect(posterErrors).toEqual([]);
      expect(worker.errors).toEqual([]);
    } finally {
      await worker.close();
    }
  });
});
