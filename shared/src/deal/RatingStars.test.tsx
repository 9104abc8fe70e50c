import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@tasko/shared';
import { loadDealTexts } from '../../test/renderWithProviders';
import { RatingStars } from './RatingStars';
import { StarRatingInput } from './StarRatingInput';

describe('RatingStars', () => {
  it.each([
    ['en', 4.63, 12, '4.6 ★ (12 reviews)', 'Rated 4.6 out of 5 from 12 reviews'],
    ['en', 5, 1, '5.0 ★ (1 review)', 'Rated 5.0 out of 5 from 1 review'],
    ['he', 4.25, 2, '4.3 ★ (שתי חוות דעת)', 'דירוג 4.3 מתוך 5, לפי שתי חוות דעת'],
    ['ar', 3.5, 11, '3.5 ★ (11 تقييمًا)', 'متوسط التقييم 3.5 من 5 بناءً على 11 تقييمًا'],
    ['ru', 4.6, 21, '4,6 ★ (21 отзыв)', 'Оценка 4,6 из 5 на основе 21 отзыва'],
    ['ru', 4.6, 1200, '4,6 ★ (1 200 отзывов)', 'Оценка 4,6 из 5 на основе 1 200 отзывов'],
  ] as const)('in %s, %f from %i reviews reads "%s" and is heard as a sentence', async (language, average, count, shown, heard) => {
    await loadDealTexts(language);
    render(<RatingStars rating={{ average, count }} />);
    // The site's numbers: one decimal, the language's separators, Western digits (Intl may space with U+00A0).
    expect(
      screen.getByText(
        (_, element) => element?.textContent?.replace(/\u00a0/g, ' ') === shown && element.getAttribute('aria-hidden') === 'true',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText((_, element) => element?.className === 'visually-hidden' && element.textContent?.replace(/\u00a0/g, ' ') === heard),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'No reviews yet'],
    ['he', 'אין עדיין חוות דעת'],
    ['ar', 'لا توجد تقييمات بعد'],
    ['ru', 'Отзывов пока нет'],
  ] as const)('in %s, says there are no reviews yet rather than a zero', async (language, none) => {
    await loadDealTexts(language);
    const { container } = render(<RatingStars rating={{ average: null, count: 0 }} />);
    expect(container).toHaveTextContent(new RegExp(`^${none}$`));
  });
});

function ReviewForm({ onRating, error }: { onRating?: (rating: number) => void; error?: string }) {
  const [rating, setRating] = useState<number | null>(null);
  return (
    <form>
      <StarRatingInput
        legend="How was working with Dana K.?"
        value={rating}
        error={error}
        onChange={(next) => {
          setRating(next);
          onRating?.(next);
        }}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('StarRatingInput', () => {
  it('is a labelled, required group of five radios named by their stars', async () => {
    await loadDealTexts('en');
    render(<ReviewForm />);
    const group = screen.getByRole('radiogroup', { name: 'How was working with Dana K.?' });
    expect(group).toBeRequired();
    const names = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];
    screen.getAllByRole('radio').forEach((radio, i) => expect(radio).toHaveAccessibleName(names[i]));
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '1 star' })).not.toBeChecked();
    expect(screen.getByText('Choose from 1 to 5 stars')).toBeInTheDocument();
  });

  it('is operated from the keyboard: Tab reaches the group, the arrows choose, and the stars fill up to the choice', async () => {
    await loadDealTexts('en');
    const chosen = jest.fn();
    const user = userEvent.setup();
    render(<ReviewForm onRating={chosen} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard(' ');
    expect(chosen).toHaveBeenLastCalledWith(1);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(chosen).toHaveBeenLastCalledWith(4);
    expect(screen.getByText('4 out of 5')).toBeInTheDocument();
    const filled = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.classList.contains('star-input__option--filled'));
    expect(filled).toEqual([true, true, true, true, false]);
    // One stop in the tab order: the next Tab leaves the group.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('says what is wrong with the group itself', async () => {
    await loadDealTexts('en');
    render(<ReviewForm error="Choose how many stars, from 1 to 5." />);
    const group = screen.getByRole('radiogroup');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose how many stars, from 1 to 5.');
  });

  it.each([
    ['he', ['כוכב אחד', 'שני כוכבים', '3 כוכבים', '4 כוכבים', '5 כוכבים']],
    ['ar', ['نجمة واحدة', 'نجمتان', '3 نجوم', '4 نجوم', '5 نجوم']],
    ['ru', ['1 звезда', '2 звезды', '3 звезды', '4 звезды', '5 звёзд']],
  ] as const)('in %s, names each choice as a native speaker counts stars', async (language: Language, names) => {
    await loadDealTexts(language);
    render(<ReviewForm />);
    for (const name of names) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
  });
});
