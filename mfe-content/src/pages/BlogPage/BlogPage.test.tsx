import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@tasko/shared/router';
import { ROUTER_FUTURE, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import BlogPage from './BlogPage';
import enBlog from '../../locales/en/blog.json';
import heBlog from '../../locales/he/blog.json';
import arBlog from '../../locales/ar/blog.json';
import ruBlog from '../../locales/ru/blog.json';

const TEXTS = { en: enBlog, he: heBlog, ar: arBlog, ru: ruBlog } as const;

describe('BlogPage', () => {
  it.each(Object.keys(TEXTS) as Language[])(
    'says in %s that a missing article does not exist, not that there are no articles',
    async (language) => {
      const texts = TEXTS[language];
      await act(() => setUpI18n(language, { blog: texts }));
      render(
        <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/blogs/no-such-article']}>
          <Routes>
            <Route path="/blogs/:blogId" element={<BlogPage />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(await screen.findByRole('heading', { level: 1, name: texts.notFound })).toBeInTheDocument();
      expect(screen.getByText(texts.articleMissing)).toBeInTheDocument();
      expect(screen.queryByText(texts.noBlogs)).toBeNull();
      expect(screen.getByRole('link', { name: texts.backToBlogs })).toHaveAttribute('href', '/blogs');
    },
  );

  it('says so in words a reader expects', () => {
    expect(enBlog.articleMissing).toBe('This article does not exist. It may have been removed, or the link may be wrong.');
    expect(heBlog.articleMissing).toBe('המאמר הזה לא קיים. ייתכן שהוא הוסר או שהקישור שגוי.');
  });
});
