import type { ReactNode } from 'react';
import { userTextAttributes } from '../format/textLanguage';
import { useLanguage } from '../i18n/useLanguage';

/**
 * Text a user wrote, isolated from the page's direction: a Hebrew title on the English page, or a phone
 * number inside Arabic text, keeps its own order (docs/product.md#languages-and-layout). Plain text is marked with the
 * language of its script when that is not the page's (a poster's name, a street), unless the caller knows
 * better (`lang`: a listing's own language).
 */
export function UserText({
  children,
  block = false,
  className,
  lang,
  dir = 'auto',
}: {
  children: ReactNode;
  block?: boolean;
  className?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
}) {
  const { language } = useLanguage();
  const textLang = lang ?? (typeof children === 'string' ? userTextAttributes(children, language).lang : undefined);
  return block ? (
    <div dir={dir} lang={textLang} className={className}>
      {children}
    </div>
  ) : (
    <bdi dir={dir} lang={textLang} className={className}>
      {children}
    </bdi>
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
