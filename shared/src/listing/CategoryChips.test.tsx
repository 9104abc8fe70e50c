/**
 * The category chips on a phone scroll in one row: a chip reached with Tab shows whole, its focus ring too
 * (WCAG 2.4.12). jsdom scrolls nothing and lays nothing out, so the test holds the two halves of it: the chip
 * asks to be brought fully into view, and the phone's stylesheet keeps room for the ring inside the row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadListingTexts, renderAt } from '../../test/renderWithProviders';
import { CategoryChips } from './ListingFilters';

const LISTING_CSS = fs.readFileSync(path.join(__dirname, '../styles/listing.css'), 'utf8');
/** The site's focus ring: 3px wide, 2px away from the element (base.css). */
const FOCUS_RING_PX = 3 + 2;
const REM_PX = 16;

/** The declarations of `.chips` in the phone's media block, as the browser's CSS parser reads them. */
function phoneChipsRule(): CSSStyleRule {
  const style = document.createElement('style');
  style.textContent = LISTING_CSS;
  document.head.append(style);
  try {
    const media = [...(style.sheet?.cssRules ?? [])].filter(
      (rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText.includes('max-width: 768px'),
    );
    const rule = media
      .flatMap((block) => [...block.cssRules])
      .find((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === '.chips');
    if (!rule) throw new Error('no .chips rule for phones in listing.css');
    return rule;
  } finally {
    style.remove();
  }
}

/** A length of the stylesheet in pixels: px, rem, or one of the spacing tokens of base.css. */
function pixels(value: string): number {
  const spaces: Record<string, number> = { '--space-1': 4, '--space-2': 8, '--space-3': 12, '--space-4': 16 };
  const token = /^var\((--space-\d)\)$/.exec(value.trim());
  if (token) return spaces[token[1] as string] ?? 0;
  const length = /^([\d.]+)(px|rem)$/.exec(value.trim());
  if (!length) throw new Error(`not a length: ${value}`);
  return Number(length[1]) * (length[2] === 'rem' ? REM_PX : 1);
}

describe('the category chips', () => {
  const scrollIntoView = jest.fn();
  beforeAll(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('bring a chip reached with Tab fully into view, however little of it showed', async () => {
    await loadListingTexts('ru');
    renderAt(<CategoryChips value="all" onChange={jest.fn()} />);
    const chips = screen.getAllByRole('button');
    await userEvent.tab();
    await userEvent.tab();
    expect(chips[1]).toHaveFocus();
    expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest', inline: 'nearest' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(chips[1]);
  });

  it('keep room for the focus ring inside the scrolling row on a phone, and stop a chip clear of its edge', () => {
    const rule = phoneChipsRule();
    const declared = (name: string) =>
      rule.style.getPropertyValue(name) || (new RegExp(`${name}:\\s*([^;]+);`).exec(rule.cssText)?.[1] ?? '');
    expect(declared('overflow-x')).toBe('auto');
    const [blockPadding = '0px'] = declared('padding').split(/\s+(?![^(]*\))/);
    expect(pixels(blockPadding)).toBeGreaterThanOrEqual(FOCUS_RING_PX);
    expect(pixels(declared('scroll-padding-inline'))).toBeGreaterThanOrEqual(FOCUS_RING_PX);
  });
});
