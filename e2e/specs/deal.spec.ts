import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPage, newPhone, useSiteAndBrowser } from '../support/site.js';

// The deal kept on the site (docs/deal.md), walked by two people at once, each in a browser of their own: a
// poster on a desktop in English, a worker on a phone in Arabic. Nothing is reloaded to see the other's
// move: the event stream brings it.

const running = useSiteAndBrowser({ DEMO_DATA: 'off' });

const POSTER = { email: 'dana.poster@example.com', name: 'Dana Poster' };
const WORKER = { email: 'omar.worker@example.com', name: 'Omar Worker' };

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

describe('the deal, from application to reviews published together', () => {
  it('a worker applies in Arabic on a phone, the poster answers, offers the job, the worker accepts, the poster marks the work done in English, and both review', async () => {
    const { site, browser } = running;
    const poster = await newPage(browser);
    const worker = await newPhone(browser, { hasAnsweredBanner: true });
    try {
      const token = await apiSession(poster.context.request, site.origin, POSTER.email, POSTER.name);
      const jobId = await createListing(poster.context.request, site.origin, token, { jobTitle: 'Move a sofa to the third floor' });

      // The poster signs in and waits on the home page: the header will say when someone writes.
      await poster.page.goto(`${site.origin}/en/login`);
      await signInThroughProvider(poster.page, POSTER.email, POSTER.name, EN.signIn);
      await poster.page.goto(`${site.origin}/en/`);
      await poster.page.getByRole('link', { name: 'Messages', exact: true }).waitFor();

      // The worker applies from the listing, in Arabic, on a phone.
      await worker.page.goto(`${site.origin}/ar/login`);
      await signInThroughProvider(worker.page, WORKER.email, WORKER.name, AR.signIn);
      await worker.page.goto(`${site.origin}/ar/job/${jobId}`);
      await worker.page.getByLabel(AR.message).fill('مرحبًا، أستطيع المساعدة غدًا صباحًا.');
      await worker.page.getByRole('button', { name: AR.sendApplication }).click();
      await worker.page.getByRole('link', { name: AR.openConversation }).click();
      const workerThread = worker.page.getByRole('log');
      await workerThread.getByText('مرحبًا، أستطيع المساعدة غدًا صباحًا.').waitFor();

      // Without a reload, the poster's header counts the unread application message; the inbox opens the thread.
      await poster.page.getByRole('link', { name: EN.unread(1) }).click();
      await poster.page.getByRole('link', { name: /Omar W\./ }).click();
      const posterThread = poster.page.getByRole('log');
      await posterThread.getByText('مرحبًا، أستطيع المساعدة غدًا صباحًا.').waitFor();
      const conversationUrl = poster.page.url();
      // Read: the count is gone from the header.
      await poster.page.getByRole('link', { name: 'Messages', exact: true }).waitFor();

      // The poster's answer reaches the worker's open thread live.
      await poster.page.getByLabel(EN.composer).fill('Great! Can you come at 10?');
      await poster.page.getByRole('button', { name: EN.send, exact: true }).click();
      await posterThread.getByText('Great! Can you come at 10?').waitFor();
      assert.equal(
        await poster.page.evaluate(() => document.activeElement?.tagName),
        'TEXTAREA',
        'focus stays in the composer after sending',
      );
      await workerThread.getByText('Great! Can you come at 10?').waitFor();

      // The poster offers the job from My posts; the worker accepts it in the open thread (the offer arrives live),
      // and the poster's row follows, live too, with "Mark as done".
      await poster.page.goto(`${site.origin}/en/my-posted-jobs`);
      await poster.page.getByRole('button', { name: EN.applicants }).click();
      await poster.page.getByRole('button', { name: EN.offer }).click();
      await worker.page.getByRole('button', { name: AR.acceptOffer }).click();
      await poster.page.getByRole('button', { name: EN.done }).click();

      // The worker's thread shows the review form as soon as the work is done; the worker gives one star.
      await worker.page.getByRole('heading', { name: AR.reviewTitle }).waitFor();
      await worker.page.getByRole('radio', { name: AR.rating }).check();
      await worker.page.getByRole('button', { name: AR.sendReview }).click();
      await worker.page.getByRole('status').filter({ hasText: 'سيُنشر' }).waitFor();

      // Double-blind: the worker's review is not on the poster's profile yet.
      const posterProfileHref = (await worker.page.getByRole('link', { name: 'Dana P.', exact: true }).first().getAttribute('href')) ?? '';
      assert.match(posterProfileHref, /\/ar\/user\/\d+$/, 'the thread links to the poster’s profile');
      const publicReviews = async (href: string) => {
        const answer = await poster.context.request.get(`${site.origin}/api/v1/users/${href.split('/user/')[1]}/reviews?page=1`);
        return ((await answer.json()) as { total: number }).total;
      };
      assert.equal(await publicReviews(posterProfileHref), 0);
      await poster.page.goto(conversationUrl);
      const workerProfileHref = (await poster.page.getByRole('link', { name: 'Omar W.', exact: true }).first().getAttribute('href')) ?? '';
      assert.match(workerProfileHref, /\/en\/user\/\d+$/, 'the thread links to the worker’s profile');

      // The poster reviews: both reviews are published together.
      await poster.page.getByRole('heading', { name: EN.reviewTitle }).waitFor();
      await poster.page.getByRole('radio', { name: EN.rating(5) }).check();
      await poster.page.getByLabel(EN.reviewText).fill('On time and careful with the stairs.');
      await poster.page.getByRole('button', { name: EN.sendReview }).click();
      await poster.page.getByText(EN.published).waitFor();

      // The worker's profile: five stars from one review, the poster's words on it; the poster's, one star.
      await poster.page.goto(`${site.origin}${workerProfileHref}`);
      await poster.page.getByText('On time and careful with the stairs.').waitFor();
      await poster.page.getByText(EN.ratingOf('5.0', 1)).first().waitFor({ state: 'attached' });
      await worker.page.goto(`${site.origin}${posterProfileHref}`);
      await worker.page.getByRole('heading', { name: 'Dana P.' }).waitFor();
      assert.equal(await publicReviews(posterProfileHref), 1);

      assert.deepEqual(poster.problems.errors, []);
      assert.deepEqual(worker.errors, []);
    } finally {
      await poster.context.close();
      await worker.close();
    }
  });
});
