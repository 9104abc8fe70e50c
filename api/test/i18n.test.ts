import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ParseKeys } from 'i18next';
import { formatNumber } from '@tasko/shared/format';
import { HTML_VALUES, serverI18n } from '../src/i18n.js';

// The `@ts-expect-error` lines are half of these tests: `tsc -p api` fails if a misspelt key ever compiles.
describe("the server's texts", () => {
  it('refuses a misspelt key when compiling, and throws at run time rather than send the key as text', () => {
    const email = serverI18n.getFixedT('en', 'email');
    const common = serverI18n.getFixedT('he', 'common');
    // @ts-expect-error email.json has no `listing.opne`
    assert.throws(() => email('listing.opne'), { message: 'no text email:listing.opne' });
    // @ts-expect-error common.json has no `nav.jbos`
    assert.throws(() => common('nav.jbos'), { message: 'no text common:nav.jbos' });
    // @ts-expect-error `daily` is a group of texts, not one
    assert.throws(() => email('daily'), { message: 'daily is a group of texts, not one text' });
  });

  it("falls back to English for a key only English has, with English's plural forms", () => {
    // Outside the key types on purpose: the four locale files have every key (the translation check).
    const key = 'testOnly.days' as string as ParseKeys<'email'>;
    serverI18n.addResources('en', 'email', { [`${key}_one`]: 'one day', [`${key}_other`]: '{{count, number}} days' });
    assert.equal(serverI18n.getFixedT('he', 'email')(key, { count: 2 }), '2 days');
    assert.equal(serverI18n.getFixedT('ru', 'email')(key, { count: 1 }), 'one day');
  });

  it('writes {{count, number}} as the site writes numbers: Western digits, the language grouping, no decimals', () => {
    for (const language of ['en', 'he', 'ar', 'ru'] as const) {
      const heading = serverI18n.getFixedT(language, 'email')('daily.heading.job', { count: 12345 });
      assert.ok(heading.includes(formatNumber(12345, language)), `${language}: ${heading}`);
      assert.ok(!/[\u0660-\u0669\u06f0-\u06f9]/.test(heading), `${language}: Western digits`);
    }
  });

  it('fills values in as they are, or escaped once for HTML', () => {
    const t = serverI18n.getFixedT('en', 'email');
    const values = { address: 'Herzl 1/2 <b>', city: `Tom & "Jerry's"` };
    assert.equal(t('listing.place', values), `Herzl 1/2 <b>, Tom & "Jerry's"`);
    // `/` stays as it is: escapeHtml, not i18next's own escape (which writes `&#x2F;`).
    assert.equal(t('listing.place', { ...values, ...HTML_VALUES }), 'Herzl 1/2 &lt;b&gt;, Tom &amp; &quot;Jerry&#39;s&quot;');
  });

  it('leaves a placeholder without a value in sight, so a forgotten value shows', () => {
    assert.equal(serverI18n.getFixedT('en', 'email')('listing.place', { address: 'Herzl 12' }), 'Herzl 12, {{city}}');
  });
});
