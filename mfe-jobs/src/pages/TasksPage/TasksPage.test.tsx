import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@tasko/shared';
import { aListing, currentUrl, loadTexts, renderPage, stubBrowserGaps } from '../../testing/renderPage';
import TasksPage from './TasksPage';

beforeAll(stubBrowserGaps);
beforeEach(async () => {
  jest.restoreAllMocks();
  await loadTexts('en');
});

describe('TasksPage', () => {
  it('waits idle for a first search, then shows real listings from the API', async () => {
    const search = jest
      .spyOn(api, 'searchJobs')
      .mockResolvedValue({ jobs: [aListing({ jobTitle: 'Dog walker mornings' })], total: 1, page: 1, pageSize: 12 });
    renderPage(<TasksPage />, '/en/tasks');
    expect(screen.getByText('Type what you are looking for, or choose a category, and press Search.')).toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();
    // Nothing searched yet: no listings "like these" to be notified about.
    expect(screen.queryByRole('link', { name: 'Notify me about new listings like these' })).toBeNull();

    await userEvent.type(screen.getByLabelText('What are you looking for?'), 'dog{Enter}');
    expect(await screen.findByRole('link', { name: 'Dog walker mornings' })).toHaveAttribute('href', '/en/job/1');
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ offerType: 'job', q: 'dog' }), expect.any(AbortSignal));
    expect(currentUrl().search).toBe('?q=dog');
    expect(screen.queryByText(/Type what you are looking for/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Notify me about new listings like these' })).toBeInTheDocument();
  });

  it('searches at once when the URL already holds a search, and says "Failed to fetch tasks" when that fails', async () => {
    jest.spyOn(api, 'searchJobs').mockRejectedValue({ statusCode: 0, messageKey: 'networkError' });
    renderPage(<TasksPage />, '/en/tasks?category=homeServices');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch tasks');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads in Russian', async () => {
    await loadTexts('ru');
    jest.spyOn(api, 'searchJobs').mockResolvedValue({ jobs: [], total: 0, page: 1, pageSize: 12 });
    renderPage(<TasksPage />, '/ru/tasks?q=x');
    expect(await screen.findByText('Задания не найдены.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Поиск заданий' })).toBeInTheDocument();
  });
});
