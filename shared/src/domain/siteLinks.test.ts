import { navCurrent } from './siteLinks';

describe('navCurrent', () => {
  it('marks Jobs as the page on the home list, bare or under a language, with or without a trailing slash', () => {
    for (const path of ['/', '/home', '/he', '/ar/home', '/ru/', '/en/home/']) expect(navCurrent('/', path)).toBe('page');
  });

  it('marks Jobs as the current section on the task search, which is not its page', () => {
    for (const path of ['/tasks', '/he/tasks', '/tasks/']) expect(navCurrent('/', path)).toBe('true');
    expect(navCurrent('/services', '/tasks')).toBeUndefined();
  });

  it('marks Services on its page only', () => {
    expect(navCurrent('/services', '/services')).toBe('page');
    expect(navCurrent('/services', '/ar/services')).toBe('page');
    expect(navCurrent('/', '/services')).toBeUndefined();
  });

  it('marks nothing on pages outside both sections', () => {
    for (const path of ['/faq', '/he/blogs', '/job/12', '/servicesx', '/taskss', '/post-job']) {
      expect(navCurrent('/', path)).toBeUndefined();
      expect(navCurrent('/services', path)).toBeUndefined();
    }
  });
});
