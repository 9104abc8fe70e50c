/**
 * The frame's accessibility figures, computed from the stylesheets themselves (jsdom applies no CSS, and
 * the end-to-end tests measure the rendered header): the focus ring's contrast (WCAG 1.4.11), the footer
 * links' target size (2.5.8), and the space kept free for focus under the sticky header and cookie
 * banner (2.4.11).
 */
import fs from 'node:fs';
import path from 'node:path';

const BASE_CSS = path.join(__dirname, '../../../shared/src/styles/base.css');
const SHELL_CSS = path.join(__dirname, 'global.css');

interface Rule {
  selector: string;
  declarations: Record<string, string>;
}

/** The top-level rules of a stylesheet (rules inside @media are left out: these are the defaults). */
function topLevelRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') {
      if (depth === 0) {
        selector = text.slice(start, i).trim();
        start = i + 1;
      }
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        if (!selector.startsWith('@')) {
          const declarations: Record<string, string> = {};
          for (const part of text.slice(start, i).split(';')) {
            const colon = part.indexOf(':');
            if (colon > 0) declarations[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
          }
          rules.push({ selector: selector.replace(/\s+/g, ' '), declarations });
        }
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      start = i + 1; // an @import
    }
  }
  return rules;
}

/** The custom properties a selector ends up with: base.css first, then the shell's stylesheet over it. */
function variablesOf(selector: string): Record<string, string> {
  const rules = [...topLevelRules(fs.readFileSync(BASE_CSS, 'utf8')), ...topLevelRules(fs.readFileSync(SHELL_CSS, 'utf8'))];
  const variables: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.selector.split(',').map((s) => s.trim()).includes(selector)) continue;
    for (const [name, value] of Object.entries(rule.declarations)) if (name.startsWith('--')) variables[name] = value;
  }
  return variables;
}

function shellRule(selector: string): Record<string, string> {
  const rule = topLevelRules(fs.readFileSync(SHELL_CSS, 'utf8')).find((r) => r.selector === selector);
  if (!rule) throw new Error(`no rule for ${selector} in global.css`);
  return rule.declarations;
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the contrast computation', () => {
  it('gives the known figures', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The amber the issue measured on the light page.
    expect(contrast('#f59e0b', '#f7f8f6')).toBeCloseTo(2.02, 2);
  });
});

describe('the focus ring', () => {
  const light = variablesOf(':root');
  const dark = { ...light, ...variablesOf(":root[data-theme='dark']") };

  it.each([
    ['light', light],
    ['dark', dark],
  ])('has at least 3:1 against the page and the cards in the %s theme', (_theme, colours) => {
    const focus = colours['--color-focus']!;
    expect(contrast(focus, colours['--color-bg']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus, colours['--color-surface']!)).toBeGreaterThanOrEqual(3);
  });

  it('is drawn with that colour, thick enough to see', () => {
    const ring = topLevelRules(fs.readFileSync(BASE_CSS, 'utf8')).find((r) => r.selector === ':focus-visible')?.declarations.outline ?? '';
    expect(ring).toMatch(/var\(--color-focus\)/);
    expect(parseFloat(ring)).toBeGreaterThanOrEqual(2);
  });
});

describe('the frame', () => {
  it('keeps focus clear of the sticky header and the cookie banner', () => {
    const html = shellRule('html');
    expect(html['scroll-padding-block-start']).toMatch(/var\(--header-height\)/);
    expect(html['scroll-padding-block-end']).toMatch(/var\(--cookie-banner-block-size, 0px\)/);
    // The header is exactly that height: no border adding to it.
    expect(shellRule('.site-header')['block-size']).toBe('var(--header-height)');
    expect(shellRule('.site-header')).not.toHaveProperty('border-block-end');
    expect(variablesOf(':root')['--header-height']).toBe('72px');
  });

  it('gives every footer link a target of at least 24 px in height', () => {
    const link = shellRule('.site-footer a');
    expect(link.display).toMatch(/flex|block/);
    expect(parseFloat(link['min-block-size'] ?? '0')).toBeGreaterThanOrEqual(24);
  });

  it('keeps the page cards (not found, failed to load) off the screen edges', () => {
    expect(shellRule('.page-panel')['inline-size']).toMatch(/100% - 2 \* var\(--space-/);
  });
});
