import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, setUpI18n } from '../../../shared/test/renderWithProviders';
import { NotFound, SomethingWentWrong } from './ErrorPanels';

beforeEach(async () => {
  await act(() => setUpI18n('en'));
});

describe('NotFound', () => {
  it('is a page card kept off the screen edges, with the way home in the reader\'s language prefix', () => {
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
