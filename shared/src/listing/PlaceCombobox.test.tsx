import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type PlaceSuggestion } from '@tasko/shared';
import { setUpI18n } from '../../test/renderWithProviders';
import { PlaceCombobox } from './PlaceCombobox';

const HAIFA_AREA: PlaceSuggestion[] = [
  { id: 1, name: 'Haifa', lat: 32.82, lon: 34.99 },
  { id: 2, name: 'Hadera', lat: 32.43, lon: 34.92 },
  { id: 3, name: 'Harish', lat: 32.46, lon: 35.04 },
];

function Harness({ onBlur = () => undefined }: { onBlur?: () => void }) {
  const [city, setCity] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <PlaceCombobox
        label="City"
        inputId="field-location"
        value={city}
        onChange={setCity}
        onBlur={onBlur}
        noResultsText="No matching place"
      />
    </form>
  );
}

beforeEach(async () => {
  jest.restoreAllMocks();
  await act(() => setUpI18n('en'));
});

describe('PlaceCombobox', () => {
  it('suggests places after a pause in typing and is driven by the keyboard', async () => {
    const places = jest.spyOn(api, 'places').mockResolvedValue(HAIFA_AREA);
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'Ha');
    expect(await screen.findByRole('option', { name: 'Haifa' })).toBeInTheDocument();
    // One request for the pause, not one per key.
    expect(places).toHaveBeenCalledTimes(1);
    expect(places).toHaveBeenCalledWith('Ha', 'en', expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status')).toHaveTextContent('3 places suggested. Up and down arrows choose.');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Haifa' }).id);
    expect(screen.getByRole('option', { name: 'Haifa' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the end it wraps to the first.
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Haifa' }).id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Harish' }).id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(input).toHaveValue('Hadera');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('closes with Escape and keeps what was typed; a click chooses too', async () => {
    jest.spyOn(api, 'places').mockResolvedValue(HAIFA_AREA);
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Har');
    await screen.findByRole('option', { name: 'Harish' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Har');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: 'Harish' }));
    expect(input).toHaveValue('Harish');
  });

  it('aborts a request overtaken by newer typing, and says when nothing matches', async () => {
    const signals: AbortSignal[] = [];
    jest.spyOn(api, 'places').mockImplementation((q, _lang, signal) => {
      if (signal) signals.push(signal);
      // The first answer never comes; the second finds nothing.
      return q === 'Zz' ? new Promise(() => undefined) : Promise.resolve([]);
    });
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Zz');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(input, 'z');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(await screen.findByText('No matching place')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('No matching place');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks in the page’s language', async () => {
    await act(() => setUpI18n('ar'));
    const places = jest.spyOn(api, 'places').mockResolvedValue([{ id: 1, name: 'حيفا', lat: 32.82, lon: 34.99 }]);
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'حي');
    expect(await screen.findByRole('option', { name: 'حيفا' })).toBeInTheDocument();
    expect(places).toHaveBeenCalledWith('حي', 'ar', expect.any(AbortSignal));
  });

  it('lets Tab leave the open suggestions for the next control, closing them and keeping what was typed', async () => {
    jest.spyOn(api, 'places').mockResolvedValue(HAIFA_AREA);
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">Next</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Ha');
    await screen.findByRole('option', { name: 'Haifa' });
    await user.keyboard('{ArrowDown}{Tab}');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(input).toHaveValue('Ha');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
