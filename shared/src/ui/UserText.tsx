import type { ReactNode } from 'react';

/**
 * Text a user wrote, isolated from the page's direction: a Hebrew title on the English page, or a phone
 * number inside Arabic text, keeps its own order (CONVENTIONS "i18n").
 */
export function UserText({ children, block = false, className, lang, dir = 'auto' }: { children: ReactNode; block?: boolean; className?: string; lang?: string; dir?: 'ltr' | 'rtl' | 'auto' }) {
  return block ? (
    <div dir={dir} lang={lang} className={className}>
      {children}
    </div>
  ) : (
    <bdi className={className}>{children}</bdi>
  );
}

/** Numbers that must never flip in right-to-left text: phones, prices, counters. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
