import type { Category } from '@tasko/shared';

/** One simple mark per category, drawn on a 24-unit grid with round strokes in the current colour. */
const MARKS: Record<Category, string> = {
  // A house with a door.
  homeServices: 'M3 11 12 4l9 7M5.5 9.5V20h13V9.5M10 20v-5h4v5',
  // A shopping bag.
  eventAndErrands: 'M5 8h14l-1.2 12H6.2L5 8Zm4 0V6.5a3 3 0 0 1 6 0V8',
  // A paw: four toes and a pad.
  petAndAnimalCare:
    'M7 10.5a1.6 2 0 1 0 0-.01M10.5 7a1.6 2 0 1 0 0-.01M13.5 7a1.6 2 0 1 0 0-.01M17 10.5a1.6 2 0 1 0 0-.01M12 12.5c-2.5 0-5 3.5-5 5.5 0 1.5 1.5 2 2.5 2 1 0 1.5-.5 2.5-.5s1.5.5 2.5.5c1 0 2.5-.5 2.5-2 0-2-2.5-5.5-5-5.5Z',
  // An open book.
  educationAndTutoring: 'M12 6.5C10 5 7 4.5 4 5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5V5c-3-.5-6 0-8 1.5Zm0 0V19',
  // A sparkle.
  other: 'M12 3.5 14 10l6.5 2-6.5 2-2 6.5-2-6.5-6.5-2L10 10l2-6.5Z',
};

/**
 * What a card shows in place of a photo: the listing's category as a drawing on a tinted tile, so a list of
 * listings without photos still reads at a glance. Decorative: the category is written on the card.
 */
export function CategoryIllustration({ category, className }: { category: Category; className?: string }) {
  return (
    <span className={`category-illustration category-illustration--${category}${className ? ` ${className}` : ''}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d={MARKS[category]} />
      </svg>
    </span>
  );
}
