import { act, render, screen } from '@testing-library/react';
import { formatShekels } from './number';
import { Price } from '../ui/Price';
import { setUpI18n } from '../../test/renderWithProviders';

describe('formatShekels', () => {
  it('writes shekels the way each language does, with Western digits in Arabic too', () => {
    expect(formatShekels(1200, 'en')).toBe('₪1,200');
    expect(formatShekels(1200, 'ru')).toMatch(/^1\s200\s₪$/);
    expect(formatShekels(1200, 'he')).toContain('1,200');
    expect(formatShekels(1200, 'ar')).toContain('1,200');
    expect(formatShekels(1200, 'ar')).toContain('₪');
  });
});

describe('Price', () => {
  it('adds the per-hour suffix for hourly pay only', async () => {
    await setUpI18n('en');
    render(
      <>
        <Price amount={60} paymentType="hourly" />
        <Price amount={300} paymentType="fixed" />
      </>,
    );
    expect(screen.getByText('₪60/hour')).toBeInTheDocument();
    expect(screen.getByText('₪300')).toBeInTheDocument();
  });

  it('translates the suffix in Hebrew', async () => {
    await act(() => setUpI18n('he'));
    render(<Price amount={60} paymentType="hourly" />);
    expect(screen.getByText(/60.*₪ לשעה/)).toBeInTheDocument();
  });
});
