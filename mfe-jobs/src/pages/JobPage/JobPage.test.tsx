import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from '@tasko/shared/router';
import { api, formatShekels, i18n, type Listing, type ListingPublisher } from '@tasko/shared';
import { aListing, currentState, loadTexts, renderPage, stubBrowserGaps } from '../../testing/renderPage';
import JobPage from './JobPage';

const JOB_ROUTE = '/:lang/job/:id';

function structuredData(): Record<string, unknown>[] {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>,
  );
}

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  await loadTexts('en');
});

describe('JobPage', () => {
  it('says "Job not found" (a heading, no full stop) for an unknown id, and for a malformed one without asking the API', async () => {
    const getJob = jest.spyOn(api, 'getJob').mockRejectedValue({ statusCode: 404, messageKey: 'jobNotFound' });
    const { unmount } = renderPage(<JobPage />, '/en/job/999999', JOB_ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
    // What to do next: a sentence with the way to the search.
    expect(await screen.findByRole('link', { name: 'search for similar listings' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('link', { name: 'search for similar listings' }).closest('p')).toHaveTextContent(
      'It may have been deleted, or the link may be wrong. You can search for similar listings.',
    );
    unmount();
    getJob.mockClear();
    for (const id of ['abc', '0', '12e3', '99999999999', '2147483648']) {
      const view = renderPage(<JobPage />, `/en/job/${id}`, JOB_ROUTE);
      expect(await screen.findByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
      view.unmount();
    }
    expect(getJob).not.toHaveBeenCalled();
  });

  it.each(['he', 'ar', 'ru'] as const)('in %s, the missing listing’s heading ends without a full stop too', async (language) => {
    await loadTexts(language);
    jest.spyOn(api, 'getJob').mockRejectedValue({ statusCode: 404, messageKey: 'jobNotFound' });
    renderPage(<JobPage />, `/${language}/job/999999`, JOB_ROUTE);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('');
    expect(heading.textContent).not.toMatch(/[.。]\s*$/);
  });

  it.each([
    ['he', 'לחפש מודעות דומות'],
    ['ar', 'البحث عن إعلانات مشابهة'],
    ['ru', 'найти похожие объявления'],
  ] as const)('in %s, a missing listing says what to do next, with the way to the search', async (language, linkText) => {
    await loadTexts(language);
    jest.spyOn(api, 'getJob').mockRejectedValue({ statusCode: 404, messageKey: 'jobNotFound' });
    renderPage(<JobPage />, `/${language}/job/999999`, JOB_ROUTE);
    const link = await screen.findByRole('link', { name: linkText });
    expect(link).toHaveAttribute('href', `/${language}`);
    expect((link.closest('p')?.textContent ?? '').length).toBeGreaterThan(linkText.length + 10);
  });

  it.each([
    ['en', 'published', 'job', 'Your job is published.'],
    ['en', 'published', 'service', 'Your service is published.'],
    ['he', 'saved', 'job', 'השינויים נשמרו.'],
    ['ar', 'published', 'job', 'نُشرت مهمتك.'],
    ['ru', 'saved', 'service', 'Изменения сохранены.'],
  ] as const)(
    'in %s, says the listing was %s once, on arriving from the posting form (%s)',
    async (language, listingOutcome, offerType, expected) => {
      await loadTexts(language);
      jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ job_id: 77, offerType, viewer_is_owner: true }));
      const { unmount } = renderPage(<JobPage />, { pathname: `/${language}/job/77`, state: { listingOutcome } }, JOB_ROUTE);
      expect(await screen.findByText(expected)).toHaveAttribute('role', 'status');
      // Taken out of the history entry: a reload (the same entry again) says nothing.
      expect(currentState()).toBeNull();
      unmount();
      renderPage(<JobPage />, `/${language}/job/77`, JOB_ROUTE);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByText(expected)).toBeNull();
    },
  );

  it('joins the place and the street as the page’s language does: an Arabic comma in Arabic', async () => {
    await loadTexts('ar');
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(aListing({ job_id: 7, place: null, location: { city: 'حيفا', address: 'شارع الناصرة 5' } }));
    renderPage(<JobPage />, '/ar/job/7', JOB_ROUTE);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('شارع الناصرة 5').closest('dd')).toHaveTextContent(/^حيفا، شارع الناصرة 5$/);
  });

  it('shows the listing: title, pay, details, place and date, with user text isolated', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(
      aListing({
        job_id: 7,
        jobTitle: 'עזרה בהובלת ספה',
        description: 'קומה שלישית בלי מעלית.',
        payment_type: 'hourly',
        amount: 60,
        location: { city: 'חיפה', address: 'הרצל 10' },
      }),
    );
    renderPage(<JobPage />, '/en/job/7', JOB_ROUTE);
    const title = await screen.findByRole('heading', { level: 1, name: 'עזרה בהובלת ספה' });
    expect(title.querySelector('bdi')).not.toBeNull();
    // The pay type said once: the hourly price carries its unit, no "Hourly" beside it.
    expect(screen.getByText('₪60/hour')).toBeInTheDocument();
    expect(screen.queryByText('Hourly')).toBeNull();
    expect(screen.getByText('קומה שלישית בלי מעלית.')).toHaveAttribute('dir', 'auto');
    // A city that names no known place reads as typed; the street keeps a direction of its own.
    expect(screen.getByText('חיפה').tagName).toBe('BDI');
    expect(screen.getByText('הרצל 10').tagName).toBe('BDI');
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More details' })).toBeInTheDocument();
    expect(document.title).toContain('עזרה בהובלת ספה');
  });

  it.each(['en', 'he', 'ar', 'ru'] as const)('says the pay type once beside the price (%s)', async (language) => {
    await loadTexts(language);
    const facts = async (listing: Listing) => {
      jest.spyOn(api, 'getJob').mockResolvedValue(listing);
      const view = renderPage(<JobPage />, `/${language}/job/${listing.job_id}`, JOB_ROUTE);
      await screen.findByRole('heading', { level: 1 });
      const text = view.container.querySelector('.job__price')?.parentElement?.textContent ?? '';
      view.unmount();
      return text;
    };
    const hourly = i18n.t('price.hourly', { ns: 'common' });
    const fixed = i18n.t('price.fixed', { ns: 'common' });
    // An hourly price says "/hour" itself; a bare sum is named as the price of the whole job.
    expect(await facts(aListing({ job_id: 1, payment_type: 'hourly', amount: 60 }))).toBe(
      i18n.t('price.perHour', { ns: 'common', price: formatShekels(60, language) }),
    );
    const fixedFacts = await facts(aListing({ job_id: 2, payment_type: 'fixed', amount: 300 }));
    expect(fixedFacts).toBe(formatShekels(300, language) + fixed);
    expect(fixedFacts).not.toContain(hourly);
  });

  it("names the place in the reader's language, whatever the poster typed, and asks in that language", async () => {
    const getJob = jest.spyOn(api, 'getJob').mockResolvedValue(
      aListing({
        job_id: 8,
        location: { city: 'חיפה', address: 'Herzl 10' },
        place: { id: 294801, name: 'Haifa', lat: 32.82, lon: 34.99 },
      }),
    );
    renderPage(<JobPage />, '/en/job/8', JOB_ROUTE);
    expect(await screen.findByText('Haifa')).toBeInTheDocument();
    expect(screen.queryByText('חיפה')).toBeNull();
    expect(screen.getByText('Herzl 10')).toBeInTheDocument();
    expect(getJob).toHaveBeenCalledWith('8', expect.any(AbortSignal), 'en');
  });

  it('describes a job as a schema.org JobPosting in the head, in place of the server’s block, without phone or email', async () => {
    const server = document.createElement('script');
    server.type = 'application/ld+json';
    server.textContent = '{"@type":"BlogPosting"}';
    document.head.appendChild(server);
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(
        aListing({ job_id: 7, payment_type: 'hourly', amount: 60, phone: '0541234567', contact_email: 'dana@example.com' }),
      );
    const { unmount } = renderPage(<JobPage />, '/en/job/7', JOB_ROUTE);
    await screen.findByRole('heading', { level: 1, name: 'Dog walker mornings' });
    const blocks = structuredData();
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Dog walker mornings',
      description: 'Two walks a day.',
      datePosted: '2026-11-20T10:00:00.000Z',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'ILS', value: { value: 60, unitText: 'HOUR' } },
      jobLocation: { address: { addressLocality: 'Haifa', addressCountry: 'IL' } },
    });
    expect(JSON.stringify(blocks)).not.toMatch(/0541234567|dana@example/);
    unmount();
    expect(structuredData()).toHaveLength(0);
  });

  it('describes a service as a schema.org Service serving its city, with a way back to the services', async () => {
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(
        aListing({ offerType: 'service', jobTitle: 'Math tutoring', amount: 120, location: { city: 'Tel Aviv-Yafo', address: '' } }),
      );
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    await screen.findByRole('heading', { level: 1, name: 'Math tutoring' });
    expect(structuredData()[0]).toMatchObject({
      '@type': 'Service',
      name: 'Math tutoring',
      areaServed: { address: { addressLocality: 'Tel Aviv-Yafo' } },
      offers: { priceCurrency: 'ILS', price: 120 },
    });
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute('href', '/en/services');
  });

  it('offers a retry when the listing could not be loaded', async () => {
    const getJob = jest
      .spyOn(api, 'getJob')
      .mockRejectedValueOnce({ statusCode: 0, messageKey: 'networkError' })
      .mockResolvedValueOnce(aListing());
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch the listing. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dog walker mornings' })).toBeInTheDocument();
    expect(getJob).toHaveBeenCalledTimes(2);
  });

  it('takes no applications on a closed listing, but can still be reported', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ status: 'close' }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    expect(await screen.findByText('This listing is closed and no longer takes applications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Apply on Tasko' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to report' })).toBeInTheDocument();
  });

  it('offers applying on the site below the description, and only that when the poster chose no contact option', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ contact_methods: [] }));
    renderPage(<JobPage />, '/en/job/1?from=list', JOB_ROUTE);
    const apply = await screen.findByRole('region', { name: 'Apply on Tasko' });
    expect(within(apply).getByText(/This poster can be reached only through Tasko\./)).toBeInTheDocument();
    expect(within(apply).getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', '/en/login');
    // Nothing about a phone, WhatsApp or an email address.
    expect(screen.queryByRole('region', { name: 'Contact information' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show phone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    // Phone first: the way to apply comes right after the listing's details, before who posted it.
    const details = screen.getByRole('region', { name: 'More details' });
    expect(details.nextElementSibling).toBe(apply);
    expect(
      apply.compareDocumentPosition(screen.getByRole('region', { name: 'Posted by' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('keeps the poster’s own contact options beside the way to apply on the site', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ contact_methods: ['phone'] }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const apply = await screen.findByRole('region', { name: 'Apply on Tasko' });
    expect(within(apply).queryByText(/only through Tasko/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Show phone' })).toBeInTheDocument();
  });

  it('offers a service “Contact”, not “Apply now”', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ offerType: 'service', jobTitle: 'Math tutoring' }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    expect(await screen.findByRole('button', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Offered by' })).toBeInTheDocument();
  });
});

describe('JobPage for the listing’s owner', () => {
  const mine = (overrides: Partial<Listing> = {}) =>
    aListing({ job_id: 42, viewer_is_owner: true, phone: '0541234567', contact_email: 'dana@example.com', ...overrides });
  // The owner's applicants (ApplicantList's own tests are in shared): none yet, unless a test says otherwise.
  beforeEach(() => jest.spyOn(api.deal, 'applicationsFor').mockResolvedValue({ applications: [], nextCursor: null }));

  it('lists the applicants, each with the way to their conversation, and no way to apply', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(mine());
    const applicationsFor = jest.spyOn(api.deal, 'applicationsFor').mockResolvedValue({
      applications: [
        {
          id: 5,
          status: 'sent',
          message: 'I walk dogs every morning.',
          createdAt: '2026-11-21T08:00:00.000Z',
          conversationId: 61,
          applicant: { id: 12, displayName: 'Omer H.', rating: { average: null, count: 0 } },
        },
      ],
      nextCursor: null,
    });
    renderPage(<JobPage />, '/en/job/42', JOB_ROUTE);
    const applicants = await screen.findByRole('region', { name: 'Applicants (1)' });
    expect(within(applicants).getByText('I walk dogs every morning.')).toBeInTheDocument();
    expect(within(applicants).getByRole('link', { name: 'Open the conversation with Omer H.' })).toHaveAttribute('href', '/en/messages/61');
    expect(applicationsFor).toHaveBeenCalledWith(42, { cursor: undefined, signal: expect.any(AbortSignal) as AbortSignal });
    expect(screen.queryByRole('region', { name: 'Apply on Tasko' })).toBeNull();
  });

  it('shows its status, Edit, and Close in place of Apply and Report', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(mine());
    renderPage(<JobPage />, '/en/job/42', JOB_ROUTE);
    const panel = await screen.findByRole('region', { name: 'Your listing' });
    expect(within(panel).getByText('Open')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/en/post-job?edit=42');
    expect(within(panel).getByRole('button', { name: 'Mark as closed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show phone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in to report' })).toBeNull();
  });

  // The same names as on "My posts": one action, one name, in every language.
  it.each([
    ['en', 'Edit', 'Mark as closed', 'Reactivate'],
    ['he', 'עריכה', 'סימון כסגורה', 'הפעלה מחדש'],
    ['ar', 'تعديل', 'إغلاق الإعلان', 'إعادة التفعيل'],
    ['ru', 'Изменить', 'Закрыть объявление', 'Открыть снова'],
  ] as const)('in %s, names editing, closing and reactivating as "My posts" does', async (language, edit, close, reactivate) => {
    await loadTexts(language);
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValueOnce(mine())
      .mockResolvedValueOnce(mine({ status: 'close' }));
    const { unmount } = renderPage(<JobPage />, `/${language}/job/42`, JOB_ROUTE);
    expect(await screen.findByRole('link', { name: edit })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: close }));
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: close })).toBeInTheDocument();
    unmount();
    renderPage(<JobPage />, `/${language}/job/42`, JOB_ROUTE);
    expect(await screen.findByRole('button', { name: reactivate })).toBeInTheDocument();
  });

  it('closes after asking (focus on the answer that changes nothing), then reactivates; focus follows the button that replaced it', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(mine({ publisher: aPublisher({ activeListings: 2 }) }));
    const closeJob = jest.spyOn(api, 'closeJob').mockResolvedValue(mine({ status: 'close', viewer_is_owner: undefined }));
    const activateJob = jest.spyOn(api, 'activateJob').mockResolvedValue(mine({ viewer_is_owner: undefined }));
    renderPage(<JobPage />, '/en/job/42', JOB_ROUTE);
    const close = await screen.findByRole('button', { name: 'Mark as closed' });

    await userEvent.click(close);
    const question = screen.getByRole('alertdialog', { name: 'Mark this job as closed?' });
    expect(within(question).getByRole('button', { name: 'Keep it open' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(close).toHaveFocus();
    expect(closeJob).not.toHaveBeenCalled();

    await userEvent.click(close);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as closed' }));
    const reactivate = await screen.findByRole('button', { name: 'Reactivate' });
    expect(closeJob).toHaveBeenCalledWith(42, 'en');
    expect(reactivate).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Marked as closed. You can reactivate it at any time.');
    expect(within(screen.getByRole('region', { name: 'Your listing' })).getByText('Closed')).toBeInTheDocument();
    // Still the owner's page: no way to apply to one's own listing appears once it changes.
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    expect(screen.queryByText('This listing is closed and no longer takes applications.')).toBeNull();
    // The poster block is the page's own read, kept.
    expect(screen.getByText('2 active listings')).toBeInTheDocument();

    await userEvent.click(reactivate);
    expect(await screen.findByRole('button', { name: 'Mark as closed' })).toHaveFocus();
    expect(activateJob).toHaveBeenCalledWith(42, 'en');
    expect(screen.getByRole('status')).toHaveTextContent('Reactivated: it appears in search results again.');
  });

  it('says so when closing fails, and keeps the keyboard on Close', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(mine());
    jest.spyOn(api, 'closeJob').mockRejectedValue({ statusCode: 500, messageKey: 'serverError' });
    renderPage(<JobPage />, '/en/job/42', JOB_ROUTE);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as closed' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as closed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark the listing as closed. Please try again.');
    expect(screen.getByRole('button', { name: 'Mark as closed' })).toHaveFocus();
  });

  it('a closed listing of mine offers Reactivate, and a hidden one says a moderator hid it', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(mine({ status: 'close', hidden: true }));
    renderPage(<JobPage />, '/en/job/42', JOB_ROUTE);
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as closed' })).toBeNull();
    expect(screen.getByText('Our moderators took this listing down after reports: only you can see it.')).toBeInTheDocument();
  });
});

function aPublisher(overrides: Partial<ListingPublisher> = {}): ListingPublisher {
  return { displayName: 'Dana K.', memberSince: '2025-03', activeListings: 3, emailVerified: false, ...overrides };
}

describe('JobPage’s poster block', () => {
  const POSTED = Date.parse('2026-11-20T10:00:00.000Z');

  it('names the poster by first name and initial, with picture, month joined, active listings, and Google’s word on the email', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(POSTED + 2 * 60 * 60 * 1000);
    jest.spyOn(api, 'getJob').mockResolvedValue(
      aListing({
        job_id: 1234,
        updated_at: '2026-11-20T11:00:00.000Z',
        publisher: aPublisher({ picture: 'https://lh3.googleusercontent.com/a/dana', emailVerified: true }),
      }),
    );
    const view = renderPage(<JobPage />, '/en/job/1234', JOB_ROUTE);
    const block = await screen.findByRole('region', { name: 'Posted by' });
    expect(within(block).getByText('Dana K.').tagName).toBe('BDI');
    expect(within(block).getByText('Member since March 2025')).toBeInTheDocument();
    expect(within(block).getByText('3 active listings')).toBeInTheDocument();
    expect(within(block).getByText('Email verified by Google')).toBeInTheDocument();
    const picture = view.container.querySelector('.poster__avatar');
    expect(picture).toHaveAttribute('src', 'https://lh3.googleusercontent.com/a/dana');
    expect(picture).toHaveAttribute('referrerpolicy', 'no-referrer');
    // The record: posted and updated as a person says it, the full date in the markup; the listing's number.
    const times = within(block).getAllByRole('time');
    expect(within(block).getByText('2 hours ago')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    expect(within(block).getByText('1 hour ago')).toHaveAttribute('datetime', '2026-11-20T11:00:00.000Z');
    expect(times.length).toBe(2);
    expect(within(block).getByText('Listing number').nextElementSibling).toHaveTextContent('1234');
  });

  it('links the poster’s name to their profile and shows their rating once its stars have loaded', async () => {
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(aListing({ publisher_id: 3, publisher: aPublisher({ rating: { average: 4.64, count: 12 } }) }));
    await loadTexts('he');
    renderPage(<JobPage />, '/he/job/1', JOB_ROUTE);
    const block = await screen.findByRole('region', { name: 'פורסם על ידי' });
    expect(within(block).getByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', '/he/user/3');
    const rating = await within(block).findByText(i18n.t('rating.label', { ns: 'deal', average: '4.6', count: 12 }));
    expect(rating.closest('.poster__rating-line')).not.toBeNull();
  });

  it('says a poster has no reviews yet, and shows no rating line when the listing carries none', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValueOnce(aListing({ publisher: aPublisher({ rating: { average: null, count: 0 } }) }));
    const view = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const block = await screen.findByRole('region', { name: 'Posted by' });
    expect(await within(block).findByText('No reviews yet')).toBeInTheDocument();
    view.unmount();
    jest.spyOn(api, 'getJob').mockResolvedValueOnce(aListing({ publisher: aPublisher() }));
    const second = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    await screen.findByRole('region', { name: 'Posted by' });
    expect(second.container.querySelector('.poster__rating-line')).toBeNull();
  });

  it("marks the poster's name and the street with their own script's language and direction, not the page's", async () => {
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(
        aListing({ location: { ...aListing().location, address: 'ул. Герцля 5' }, publisher: aPublisher({ displayName: 'עומר ח.' }) }),
      );
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const block = await screen.findByRole('region', { name: 'Posted by' });
    const name = within(block).getByText('עומר ח.');
    expect(name).toHaveAttribute('lang', 'he');
    expect(name).toHaveAttribute('dir', 'auto');
    const street = screen.getByText('ул. Герцля 5');
    expect(street).toHaveAttribute('lang', 'ru');
    expect(street).toHaveAttribute('dir', 'auto');
  });

  it('says nothing of Google where Google did not verify, and shows the initial when there is no picture', async () => {
    jest
      .spyOn(api, 'getJob')
      .mockResolvedValue(
        aListing({ updated_at: '2026-11-20T10:00:30.000Z', publisher: aPublisher({ displayName: 'עומר ח.', activeListings: 1 }) }),
      );
    const view = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const block = await screen.findByRole('region', { name: 'Posted by' });
    expect(within(block).queryByText(/Google/)).toBeNull();
    expect(within(block).getByText('1 active listing')).toBeInTheDocument();
    expect(view.container.querySelector('.poster__avatar')?.tagName).toBe('SPAN');
    expect(view.container.querySelector('.poster__avatar')).toHaveTextContent('ע');
    // Saved a few seconds after posting: not an update worth a line.
    expect(within(block).queryByText('Updated')).toBeNull();
  });

  it.each([
    ['he', 2, 'שתי מודעות פעילות', 'ב-Tasko מאז מרץ 2025', 'כתובת האימייל אומתה על ידי Google'],
    ['ar', 11, '11 إعلانًا نشطًا', 'في Tasko منذ مارس 2025', 'البريد الإلكتروني موثَّق من Google'],
    ['ru', 21, '21 активное объявление', 'Дата регистрации: март 2025 г.', 'Эл. почта подтверждена Google'],
    ['ru', 0, 'Нет активных объявлений', 'Дата регистрации: март 2025 г.', 'Эл. почта подтверждена Google'],
  ] as const)('in %s, %i active listings read as a native speaker says them', async (language, count, listings, since, verified) => {
    await loadTexts(language);
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ publisher: aPublisher({ activeListings: count, emailVerified: true }) }));
    renderPage(<JobPage />, `/${language}/job/1`, JOB_ROUTE);
    expect(await screen.findByText(listings)).toBeInTheDocument();
    expect(screen.getByText(since)).toBeInTheDocument();
    expect(screen.getByText(verified)).toBeInTheDocument();
  });
});

/** Back, as the browser's button does it: one step down the router's history. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

/** jsdom has no PointerEvent: a mouse event with a pointer id stands in, so a pinch carries its coordinates. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
  }
}

describe('JobPage’s photos', () => {
  const photos = ['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg'];
  const realPointerEvent = window.PointerEvent;
  beforeAll(() => {
    window.PointerEvent = realPointerEvent ?? TestPointerEvent;
  });
  afterAll(() => {
    window.PointerEvent = realPointerEvent;
  });
  const viewerImage = () => within(screen.getByRole('dialog')).getByRole('img');

  it('moves through the photos with the arrow keys, Home and End, in the reading direction, one tab stop for all', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    const view = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const first = await screen.findByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' });
    expect(screen.getByRole('region', { name: 'Photos of Dog walker mornings' })).toBeInTheDocument();
    expect([...view.container.querySelectorAll('.gallery [tabindex="0"]')]).toEqual([first]);
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Photo 2 of 3: Dog walker mornings' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    const images = view.container.querySelectorAll('.gallery img');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    view.unmount();

    await loadTexts('he');
    renderPage(<JobPage />, '/he/job/1', JOB_ROUTE);
    const rtlFirst = await screen.findByRole('button', { name: 'תמונה 1 מתוך 3: Dog walker mornings' });
    rtlFirst.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 מתוך 3')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('1 מתוך 3')).toBeInTheDocument();
  });

  // "1 / 3" in a right-to-left page is set as "3 / 1": a word between the numbers keeps them in reading order,
  // and a screen reader hears the whole sentence as the photo changes, on the page and in the viewer.
  it.each([
    ['he', '2 מתוך 3', 'תמונה 2 מתוך 3'],
    ['ar', '2 من 3', 'الصورة 2 من 3'],
    ['ru', '2 из 3', 'Фото 2 из 3'],
    ['en', '2 of 3', 'Photo 2 of 3'],
  ] as const)('counts the photos in words of the language, a full sentence to a screen reader (%s)', async (language, shown, spoken) => {
    await loadTexts(language);
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    const view = renderPage(<JobPage />, `/${language}/job/1`, JOB_ROUTE);
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${spoken.replace('2', '1')}`) }));
    const viewer = await screen.findByRole('dialog');
    await userEvent.keyboard(language === 'he' || language === 'ar' ? '{ArrowLeft}' : '{ArrowRight}');
    for (const counter of [view.container.querySelector('.gallery__position'), viewer.querySelector('.photo-viewer__count')]) {
      expect(counter).toHaveAttribute('aria-live', 'polite');
      expect(within(counter as HTMLElement).getByText(shown)).toHaveAttribute('aria-hidden', 'true');
      expect(within(counter as HTMLElement).getByText(spoken)).toHaveClass('visually-hidden');
      expect(counter?.textContent).not.toContain('/');
    }
  });

  it('opens a photo full screen (fetched on demand) in a history entry; Escape closes it and the keyboard is back on the photo', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const first = await screen.findByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' });
    expect(first).toHaveAttribute('aria-haspopup', 'dialog');
    expect(first).toHaveAccessibleDescription('Opens full screen');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    const viewer = await screen.findByRole('dialog', { name: 'Photos of Dog walker mornings, full screen' });
    expect(currentState()).toEqual({ photoViewer: 1 });
    expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(viewerImage()).toHaveAttribute('alt', 'Photo 2 of 3: Dog walker mornings');

    // The next photo, in the viewer: the page's gallery follows it.
    await userEvent.keyboard('{ArrowRight}');
    expect(viewerImage()).toHaveAttribute('alt', 'Photo 3 of 3: Dog walker mornings');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentState()).toBeNull();
    expect(screen.getByRole('button', { name: 'Photo 3 of 3: Dog walker mornings' })).toHaveFocus();
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });

  it('closes with Back, like a page, and with its Close button', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    renderPage(
      <>
        <JobPage />
        <BackButton />
      </>,
      '/en/job/1',
      JOB_ROUTE,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' }));
    await screen.findByRole('dialog');
    // The dialog is modal in a browser; here the test reaches past it to press Back.
    await userEvent.click(screen.getByRole('button', { name: 'Browser back', hidden: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Dog walker mornings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentState()).toBeNull();
  });

  it('zooms with its buttons, the keyboard and a pinch, and turns the photo with a swipe', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    await userEvent.click(await screen.findByRole('button', { name: 'Photo 1 of 3: Dog walker mornings' }));
    const viewer = await screen.findByRole('dialog');
    const zoomIn = within(viewer).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(viewer).getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(zoomIn);
    expect(viewerImage().style.transform).toContain('scale(2)');
    expect(zoomOut).toHaveAttribute('aria-disabled', 'false');
    await userEvent.keyboard('+');
    expect(viewerImage().style.transform).toContain('scale(4)');
    // At the most it can do, the button says so and keeps the keyboard.
    await userEvent.click(zoomIn);
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    expect(zoomIn).toHaveFocus();
    expect(viewerImage().style.transform).toContain('scale(4)');
    await userEvent.keyboard('0');
    expect(viewerImage().style.transform).toContain('scale(1)');

    const stage = viewerImage().parentElement as HTMLElement;
    act(() => {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 200 });
      fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200, clientY: 200 });
    });
    act(() => {
      fireEvent.pointerMove(stage, { pointerId: 2, clientX: 350, clientY: 200 });
    });
    act(() => {
      fireEvent.pointerUp(stage, { pointerId: 2, clientX: 350, clientY: 200 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 100, clientY: 200 });
    });
    expect(viewerImage().style.transform).toContain('scale(2.5)');
    await userEvent.keyboard('0');

    // A finger moving left brings in the next photo (in a left-to-right page).
    act(() => {
      fireEvent.pointerDown(stage, { pointerId: 3, clientX: 300, clientY: 200 });
      fireEvent.pointerMove(stage, { pointerId: 3, clientX: 180, clientY: 205 });
      fireEvent.pointerUp(stage, { pointerId: 3, clientX: 180, clientY: 205 });
    });
    expect(viewerImage()).toHaveAttribute('alt', 'Photo 2 of 3: Dog walker mornings');
  });

  it('shows a single photo as a photo: no gallery, no counter, no arrows; it still opens full screen', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: ['/uploads/only.jpg'] }));
    const view = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const photo = await screen.findByRole('button', { name: 'Photo: Dog walker mornings' });
    expect(screen.queryByRole('region', { name: /Photos of/ })).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByText('1 of 1')).toBeNull();
    expect(view.container.querySelector('.gallery__track')).toBeNull();
    // Its one stop is the button that enlarges it: nothing to scroll, nothing to step through.
    expect([...view.container.querySelectorAll('.gallery button, .gallery [tabindex]')]).toEqual([photo]);
    expect(photo).not.toHaveAttribute('tabindex');
    await userEvent.click(photo);
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).queryByRole('button', { name: 'Next photo' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(photo).toHaveFocus();
  });
});
