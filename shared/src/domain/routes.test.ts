import { PAGE_ROUTES, formatPageTitle, matchPageRoute, splitLanguagePrefix, withLanguagePrefix } from './routes';

describe('route table', () => {
  it('has every route of the site', () => {
    const paths = PAGE_ROUTES.flatMap((r) => r.paths);
    for (const p of [
      '/',
      '/home',
      '/services',
      '/tasks',
      '/teen-jobs',
      '/temporary-work',
      '/about',
      '/contact',
      '/faq',
      '/blogs',
      '/blogs/:blogId',
      '/login',
      '/privacy-policy',
      '/eula',
      '/job/:id',
      '/post-job',
      '/my-posted-jobs',
      '/auth/callback',
      '/ai-info',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('matches bare paths with parameters and a trailing slash', () => {
    expect(matchPageRoute('/job/42')).toMatchObject({ route: { id: 'job' }, params: { id: '42' } });
    expect(matchPageRoute('/faq/')?.route.id).toBe('faq');
    expect(matchPageRoute('/blogs/blog3')?.params).toEqual({ blogId: 'blog3' });
    expect(matchPageRoute('/nope')).toBeNull();
    expect(matchPageRoute('/job/')).toBeNull();
  });

  it('marks the protected group', () => {
    expect(matchPageRoute('/my-posted-jobs')?.route.isProtected).toBe(true);
    expect(matchPageRoute('/post-job')?.route.isProtected).toBeFalsy();
  });

  it('opens the unsubscribe link of an alert email without a session, and keeps it out of the sitemap', () => {
    expect(matchPageRoute('/unsubscribe')?.route).toMatchObject({
      id: 'unsubscribe',
      remote: 'mfe_account',
      module: 'UnsubscribePage',
      isPrivate: true,
    });
    expect(matchPageRoute('/unsubscribe')?.route.isProtected).toBeFalsy();
  });
});

describe('language prefixes', () => {
  it('splits a known prefix only', () => {
    expect(splitLanguagePrefix('/he/faq')).toEqual({ language: 'he', path: '/faq' });
    expect(splitLanguagePrefix('/ar')).toEqual({ language: 'ar', path: '/' });
    expect(splitLanguagePrefix('/faq')).toEqual({ language: null, path: '/faq' });
    expect(splitLanguagePrefix('/fr/faq')).toEqual({ language: null, path: '/fr/faq' });
  });

  it('puts a path under a language, replacing any prefix it had', () => {
    expect(withLanguagePrefix('ru', '/faq')).toBe('/ru/faq');
    expect(withLanguagePrefix('ru', '/he/faq')).toBe('/ru/faq');
    expect(withLanguagePrefix('en', '/')).toBe('/en');
  });

  it('formats titles with the brand', () => {
    expect(formatPageTitle('home', 'Small jobs', 'Tasko')).toBe('Tasko: Small jobs');
    expect(formatPageTitle('faq', 'FAQ', 'Tasko')).toBe('FAQ | Tasko');
  });
});
