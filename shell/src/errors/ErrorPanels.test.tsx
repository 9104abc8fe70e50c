import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, setUpI18n } from '../../../shared/test/renderWithProviders';
import { VersionSkewError } from '../app/federation';
import { NotFound, RemoteFailed, SomethingWentWrong } from './ErrorPanels';

beforeEach(async () => {
  await act(() => setUpI18n('en'));
});

describe('NotFound', () => {
  it("is a page card kept off the screen edges, with the way home in the reader's language prefix", () => {
    renderAt(<NotFound />, '/he/nowhere');
    const heading = screen.getByRole('heading', { level: 1, name: 'Page not found' });
    // .page-panel (global.css) narrows the card to leave a margin on each side; frameStyles.test.ts checks the rule.
    expect(heading.closest('section')).toHaveClass('panel', 'page-panel');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/he');
  });
});

describe('SomethingWentWrong', () => {
  it('offers a refresh and a close button named for what it does', async () => {
    const onDismiss = jest.fn();
    renderAt(<SomethingWentWrong onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('RemoteFailed', () => {
  const chunkFailure = Object.assign(new Error('Loading chunk 9732 failed.'), { name: 'ChunkLoadError' });

  it('says the reader is offline when the browser knows it, whatever failed', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(<RemoteFailed error={chunkFailure} onRetry={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'You seem to be offline' })).toHaveFocus();
    onLine.mockRestore();
  });

  it('says the page’s code could not be loaded, on the site’s side, without sending the reader to their connection', () => {
    for (const error of [chunkFailure, new VersionSkewError('mfe_jobs needs @tasko/shared ^3.0.0')]) {
      const { unmount } = renderAt(<RemoteFailed error={error} onRetry={jest.fn()} />);
      expect(screen.getByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('because of a problem on our side. Please try again in a moment.');
      expect(screen.getByRole('alert')).not.toHaveTextContent(/connection/i);
      unmount();
    }
  });

  it('says the page ran into a problem of ours, which we were told of, when it failed while rendering', async () => {
    const onRetry = jest.fn();
    renderAt(<RemoteFailed error={new TypeError('listing.photos is undefined')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong on this page' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('we have been told about it');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
