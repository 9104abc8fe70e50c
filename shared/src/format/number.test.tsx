import { act, render, screen } from '@testing-library/react';
import { formatDate, formatShekels } from './number';
import { formatTimeAgo } from './timeAgo';
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

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000);

  it('says how long ago in the largest whole unit, the way each language says it', () => {
    expect(formatTimeAgo(ago(20), 'en', now)).toBe('now');
    expect(formatTimeAgo(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(2 * 3600 + 59 * 60), 'en', now)).toBe('2 hours ago');
    expect(formatTimeAgo(ago(2 * 3600), 'he', now)).toBe('לפני שעתיים');
    expect(formatTimeAgo(ago(26 * 3600), 'ru', now)).toBe('вчера');
    expect(formatTimeAgo(ago(3600), 'he', now)).toBe('לפני שעה');
    expect(formatTimeAgo(ago(3 * 86400), 'ar', now)).toBe('قبل 3 أيام');
    expect(formatTimeAgo(ago(15 * 86400), 'en', now)).toBe('2 weeks ago');
  });

  it('gives the date beyond four weeks, "now" for a clock ahead, and nothing for a broken date', () => {
    expect(formatTimeAgo(ago(40 * 86400), 'en', now)).toBe(formatDate(ago(40 * 86400), 'en'));
    expect(formatTimeAgo(ago(-90), 'en', now)).toBe('now');
    expect(formatTimeAgo('not a date', 'en', now)).toBe('');
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
