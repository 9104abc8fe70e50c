import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@tasko/shared';
import { aListing, loadTexts, renderPage, stubBrowserGaps } from '../../testing/renderPage';
import JobPage from './JobPage';

const JOB_ROUTE = '/:lang/job/:id';

function structuredData(): Record<string, unknown>[] {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>);
}

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  await loadTexts('en');
});

describe('JobPage', () => {
  it('says "Job not found." for an unknown id, and for a malformed one without asking the API', async () => {
    const getJob = jest.spyOn(api, 'getJob').mockRejectedValue({ statusCode: 404, messageKey: 'jobNotFound' });
    const { unmount } = renderPage(<JobPage />, '/en/job/999999', JOB_ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Job not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute('href', '/en');
    unmount();
    getJob.mockClear();
    for (const id of ['abc', '0', '12e3', '99999999999', '2147483648']) {
      const view = renderPage(<JobPage />, `/en/job/${id}`, JOB_ROUTE);
      expect(await screen.findByRole('heading', { level: 1, name: 'Job not found.' })).toBeInTheDocument();
      view.unmount();
    }
    expect(getJob).not.toHaveBeenCalled();
  });

  it('shows the listing: title, pay, details, place and date, with user text isolated', async () => {
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ job_id: 7, jobTitle: 'עזרה בהובלת ספה', description: 'קומה שלישית בלי מעלית.', payment_type: 'hourly', amount: 60, location: { city: 'חיפה', address: 'הרצל 10' } }));
    renderPage(<JobPage />, '/en/job/7', JOB_ROUTE);
    const title = await screen.findByRole('heading', { level: 1, name: 'עזרה בהובלת ספה' });
    expect(title.querySelector('bdi')).not.toBeNull();
    expect(screen.getByText('₪60/hour')).toBeInTheDocument();
    expect(screen.getByText('Hourly')).toBeInTheDocument();
    expect(screen.getByText('קומה שלישית בלי מעלית.')).toHaveAttribute('dir', 'auto');
    // A city that names no known place reads as typed; the street keeps a direction of its own.
    expect(screen.getByText('חיפה').tagName).toBe('BDI');
    expect(screen.getByText('הרצל 10').tagName).toBe('BDI');
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More details' })).toBeInTheDocument();
    expect(document.title).toContain('עזרה בהובלת ספה');
  });

  it('names the place in the reader\'s language, whatever the poster typed, and asks in that language', async () => {
    const getJob = jest.spyOn(api, 'getJob').mockResolvedValue(
      aListing({ job_id: 8, location: { city: 'חיפה', address: 'Herzl 10' }, place: { id: 294801, name: 'Haifa', lat: 32.82, lon: 34.99 } }),
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
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ job_id: 7, payment_type: 'hourly', amount: 60, phone: '0541234567', contact_email: 'dana@example.com' }));
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
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ offerType: 'service', jobTitle: 'Math tutoring', amount: 120, location: { city: 'Tel Aviv-Yafo', address: '' } }));
    renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    await screen.findByRole('heading', { level: 1, name: 'Math tutoring' });
    expect(structuredData()[0]).toMatchObject({ '@type': 'Service', name: 'Math tutoring', areaServed: { address: { addressLocality: 'Tel Aviv-Yafo' } }, offers: { priceCurrency: 'ILS', price: 120 } });
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute('href', '/en/services');
  });

  it('offers a retry when the listing could not be loaded', async () => {
    const getJob = jest.spyOn(api, 'getJob').mockRejectedValueOnce({ statusCode: 0, messageKey: 'networkError' }).mockResolvedValueOnce(aListing());
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
    expect(screen.getByRole('link', { name: 'Log in to report' })).toBeInTheDocument();
  });

  it('moves through the photos with the arrow keys, Home and End, in the reading direction', async () => {
    const photos = ['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg'];
    jest.spyOn(api, 'getJob').mockResolvedValue(aListing({ image_url: photos }));
    const view = renderPage(<JobPage />, '/en/job/1', JOB_ROUTE);
    const gallery = await screen.findByRole('group', { name: 'Photo 1 of 3: Dog walker mornings' });
    expect(screen.getByRole('region', { name: 'Photos of Dog walker mornings' })).toBeInTheDocument();
    gallery.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    const images = view.container.querySelectorAll('.gallery img');
    expect([...images].map((img) => img.getAttribute('alt'))).toEqual(['Photo 1 of 3: Dog walker mornings', 'Photo 2 of 3: Dog walker mornings', 'Photo 3 of 3: Dog walker mornings']);
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    view.unmount();

    await loadTexts('he');
    renderPage(<JobPage />, '/he/job/1', JOB_ROUTE);
    const rtlGallery = await screen.findByRole('group', { name: 'תמונה 1 מתוך 3: Dog walker mornings' });
    rtlGallery.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });
});
