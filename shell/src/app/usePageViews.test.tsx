import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from '@tasko/shared/router';
import { CONSENT_EVENT, ROUTER_FUTURE } from '@tasko/shared';
import { usePageViews } from './usePageViews';

const track = jest.fn<void, unknown[]>();
jest.mock('@tasko/shared', () => ({
  ...jest.requireActual<typeof import('@tasko/shared')>('@tasko/shared'),
  track: (...args: unknown[]) => track(...args),
}));

function Tracked() {
  usePageViews();
  return (
    <nav>
      <Link to="/he/faq">faq</Link>
      <Link to="/he/faq?tab=2">same page</Link>
      <Link to="/nowhere">unknown</Link>
    </nav>
  );
}

beforeEach(() => track.mockReset());

describe('usePageViews', () => {
  it('counts one page view per route change, named by route, not per query change', async () => {
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/en/about']}>
        <Tracked />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'faq' }));
    await userEvent.click(screen.getByRole('link', { name: 'same page' }));
    await userEvent.click(screen.getByRole('link', { name: 'unknown' }));
    expect(track.mock.calls).toEqual([
      ['page_view', { route: 'about' }],
      ['page_view', { route: 'faq' }],
      ['page_view', { route: 'notFound' }],
    ]);
  });

  it('counts the page on screen when the visitor accepts the banner', () => {
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/ru/blogs/blog2']}>
        <Tracked />
      </MemoryRouter>,
    );
    track.mockReset();
    act(() => {
      window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
    });
    expect(track).toHaveBeenCalledWith('page_view', { route: 'blog' });
  });
});
