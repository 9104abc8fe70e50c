import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SEARCH, type ListingSearch } from '@tasko/shared';
import { loadListingTexts, renderAt } from '../../test/renderWithProviders';
import { ListingSearchControls } from './ListingSearchControls';

function controls(search: Partial<ListingSearch> = {}) {
  const onChange = jest.fn();
  const onSearch = jest.fn();
  renderAt(<ListingSearchControls search={{ ...DEFAULT_SEARCH, ...search }} offerType="job" onChange={onChange} onSearch={onSearch} />);
  return { onChange, onSearch };
}

describe('ListingSearchControls', () => {
  it('folds the refinements behind one button that says how many are set, and opens them in place', async () => {
    await loadListingTexts('en');
    controls({ paymentType: 'hourly', sort: 'salary-high' });
    const toggle = screen.getByRole('button', { name: 'Filters and sort (2)' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByLabelText('Sort by'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
  });

  it('closes the refinements on Escape, from the button or from inside, with the focus back on the button', async () => {
    await loadListingTexts('en');
    controls();
    const toggle = screen.getByRole('button', { name: 'Filters and sort' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');

    await userEvent.click(toggle);
    screen.getByLabelText('Sort by').focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');
    expect(toggle).toHaveFocus();

    // Escape elsewhere (clearing the search box) leaves an open panel alone.
    await userEvent.click(toggle);
    screen.getByLabelText('What are you looking for?').focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('names no count when nothing is refined, applies a category at once and sends text only with Search', async () => {
    await loadListingTexts('en');
    const { onChange, onSearch } = controls();
    expect(screen.getByRole('button', { name: 'Filters and sort' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pet and animal care' }));
    expect(onChange).toHaveBeenCalledWith({ category: 'petAndAnimalCare' });
    await userEvent.type(screen.getByLabelText('What are you looking for?'), 'dog');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ q: 'dog', location: '', placeId: 0 });
  });
});
