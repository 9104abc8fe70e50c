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
    if (
      !rule.selector
        .split(',')
        .map((s) => s.trim())
        .includes(selector)
    )
      continue;
    for (const [name, value] of Object.entries(rule.declarations)) if (name.startsWith('--')) variables[name] = value;
  }
  return variables;
}

function shellRule(selector: string): Record<string, string> {
  const rule = topLevelRules(fs.readFileSync(SHELL_CSS, 'utf8')).find((r) => r.selector === selector);
  if (!rule) throw new Error(`no rule for ${selector} in global.css`);
  return rule.declarations;
}

/** The rule for exactly `selector` in a stylesheet (base.css or global.css). */
function ruleIn(file: string, selector: string): Record<string, string> {
  return topLevelRules(fs.readFileSync(file, 'utf8')).find((r) => r.selector === selector)?.declarations ?? {};
}

/** The custom properties `:root` gets in a stylesheet's `@supports not (color: light-dark(…))` block. */
function fallbackVariables(file: string): Record<string, string> {
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('@supports not (color: light-dark(');
  if (at < 0) return {};
  const open = text.indexOf('{', text.indexOf(')', text.indexOf(')', at) + 1));
  let depth = 0;
  let end = open;
  for (; end < text.length; end += 1) {
    if (text[end] === '{') depth += 1;
    else if (text[end] === '}' && (depth -= 1) === 0) break;
  }
  return topLevelRules(text.slice(open + 1, end)).find((r) => r.selector === ':root')?.declarations ?? {};
}

/** A colour in one scheme: a side of `light-dark(light, dark)`, or the value itself, the same in both. */
function inScheme(value: string, scheme: 'light' | 'dark'): string {
  const match = /^light-dark\(\s*([^,]+?)\s*,\s*(.+?)\s*\)$/.exec(value);
  if (!match) return value;
  return scheme === 'light' ? match[1]! : match[2]!;
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
  const colours = variablesOf(':root');

  it.each(['light', 'dark'] as const)('has at least 3:1 against the page and the cards in the %s theme', (scheme) => {
    const [focus, bg, surface] = ['--color-focus', '--color-bg', '--color-surface'].map((name) => inScheme(colours[name]!, scheme)) as [
      string,
      string,
      string,
    ];
    expect(contrast(focus, bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus, surface)).toBeGreaterThanOrEqual(3);
  });

  it('is drawn with that colour, thick enough to see', () => {
    const ring = topLevelRules(fs.readFileSync(BASE_CSS, 'utf8')).find((r) => r.selector === ':focus-visible')?.declarations.outline ?? '';
    expect(ring).toMatch(/var\(--color-focus\)/);
    expect(parseFloat(ring)).toBeGreaterThanOrEqual(2);
  });
});

describe('the theme', () => {
  it("follows the device's light or dark setting until the visitor chooses, then keeps the choice", () => {
    expect(ruleIn(BASE_CSS, ':root')['color-scheme']).toBe('light dark');
    expect(ruleIn(BASE_CSS, ":root[data-theme='light']")['color-scheme']).toBe('light');
    expect(ruleIn(BASE_CSS, ":root[data-theme='dark']")['color-scheme']).toBe('dark');
  });

  it('gives every colour of the page a light and a dark value, which that setting picks between', () => {
    const colours = Object.entries(variablesOf(':root')).filter(([name]) => name.startsWith('--color-'));
    expect(colours.length).toBeGreaterThan(10);
    for (const [name, value] of colours) {
      expect([name, value]).toEqual([name, expect.stringMatching(/^light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)$/)]);
      // The two differ: a dark value that is the light one would leave the dark page light.
      expect(inScheme(value, 'dark')).not.toBe(inScheme(value, 'light'));
    }
  });

  it('gives a browser without light-dark() the light palette: every colour, the light side of its pair', () => {
    const fallback = { ...fallbackVariables(BASE_CSS), ...fallbackVariables(SHELL_CSS) };
    const colours = Object.entries(variablesOf(':root')).filter(
      ([name, value]) => name.startsWith('--color-') && value.startsWith('light-dark('),
    );
    expect(colours.length).toBeGreaterThan(10);
    for (const [name, value] of colours) expect([name, fallback[name]]).toEqual([name, inScheme(value, 'light')]);
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
