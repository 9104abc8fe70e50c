import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@tasko/shared/router';
import { DEFAULT_SETTINGS, signIn, signOut, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { PostMenu } from './PostMenu';

/** Shows where the menu navigated to, with the router state it carried. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">{JSON.stringify({ path: location.pathname + location.search, state: location.state as unknown })}</output>
  );
}

function renderMenu(at = '/') {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[at]}>
      <a href="/before">Before</a>
      <PostMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () =>
  JSON.parse(screen.getByTestId('where').textContent ?? '{}') as { path: string; state: { intent?: string; redirectTo?: string } | null };

beforeEach(async () => {
  signOut();
  await act(() => setUpI18n('en'));
});

describe('PostMenu', () => {
  it('sends a signed-out visitor to /login with the post_job intent', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post job' }));
    expect(where()).toEqual({ path: '/login?intent=post_job', state: { intent: 'post_job', redirectTo: '/post-job?offerType=job' } });
  });

  it('keeps the language prefix and carries the post_service intent', async () => {
    renderMenu('/he/faq');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post service' }));
    expect(where().path).toBe('/he/login?intent=post_service');
    expect(where().state?.intent).toBe('post_service');
  });

  it('is a disclosure that closes on Escape, focus back on "Post", and when focus leaves it', async () => {
    renderMenu();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).not.toHaveAttribute('aria-haspopup');
    await userEvent.click(post);
    expect(post).toHaveAttribute('aria-expanded', 'true');
    expect(post).toHaveAttribute('aria-controls', screen.getByRole('list', { name: 'Post' }).id);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Post job' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Post job' })).not.toBeInTheDocument();
    expect(post).toHaveAttribute('aria-expanded', 'false');
    expect(post).toHaveFocus();

    await userEvent.click(post);
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Before' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Post job' })).not.toBeInTheDocument();
  });

  it('takes a signed-in user straight to the form with the offer type', async () => {
    signIn({ token: 't', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post service' }));
    expect(where().path).toBe('/post-job?offerType=service');
    expect(screen.queryByRole('button', { name: 'Post job' })).not.toBeInTheDocument();
  });
});
