// The reports of the site's own failures, as `POST /client-errors` receives them: the area whose code failed,
// the release the tab runs of it, the route by its id, and nothing of a URL's query.
import { api, CLIENT_ERROR_MESSAGE_MAX, RUNTIME_CONFIG_ELEMENT_ID, type ClientErrorReport } from '@tasko/shared';
import { VersionSkewError } from '../app/federation';
import { failureKindOf, reportableMessage, reportPageFailure, startClientErrorReports } from './clientErrors';

// Written before the first read of the page's configuration, as the server writes it into index.html: jobs
// from another origin at a release, the others in the site's folders.
const JOBS_FOLDER = 'https://cdn.example/mfe/releases/jobs/20261127T101500Z-1a2b3c4d/';
const releases = { shell: '20261120T080000Z-5e6f7a8b', mfe_jobs: '20261127T101500Z-1a2b3c4d', mfe_content: '20261101T090000Z-99aa00bb' };
document.head.insertAdjacentHTML(
  'beforeend',
  `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({ releases, remotes: { mfe_jobs: `${JOBS_FOLDER}remoteEntry.js` } })}</script>`,
);

const reportClientError = jest.spyOn(api, 'reportClientError');
const reports = () => reportClientError.mock.calls.map(([report]) => report);

let stop: () => void;
beforeAll(() => {
  stop = startClientErrorReports();
});
afterAll(() => stop());
beforeEach(() => {
  reportClientError.mockReset().mockResolvedValue(undefined);
});

function windowError(filename: string, message = 'Uncaught TypeError: listing.photos is undefined') {
  window.dispatchEvent(new ErrorEvent('error', { filename, message, lineno: 12, colno: 34 }));
}

function unhandledRejection(reason: unknown) {
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
}

const withStack = (stack: string) => Object.assign(new TypeError('Failed to fetch'), { stack: `TypeError: Failed to fetch\n${stack}` });

describe('a window error', () => {
  it('from a remote’s file is reported against that remote’s release, with the route’s id and a capped message without queries', () => {
    window.history.pushState(null, '', '/he/job/77?ref=alert-email&token=secret-token#photos');
    windowError(
      `${JOBS_FOLDER}__federation_expose_JobPage.4f2a.js?v=3`,
      `Uncaught Error: GET /api/v1/unsubscribe?token=secret-token failed ${'x'.repeat(600)}`,
    );
    expect(reports()).toHaveLength(1);
    const { message, ...report } = reports()[0]!;
    expect(report).toEqual<Omit<ClientErrorReport, 'message'>>({
      releaseId: releases.mfe_jobs,
      remote: 'mfe_jobs',
      route: 'job',
      kind: 'error',
    });
    expect(message).toHaveLength(CLIENT_ERROR_MESSAGE_MAX);
    expect(message).toMatch(/^Uncaught Error: GET \/api\/v1\/unsubscribe failed x/);
    expect(message).not.toContain('secret-token');
    expect(message).not.toContain('/job/77');
  });

  it('is reported once per area and kind in a document', () => {
    window.history.pushState(null, '', '/en/faq');
    windowError('/mfe/content/__federation_expose_FaqPage.js');
    windowError('/mfe/content/__federation_expose_FaqPage.js', 'Uncaught RangeError: again');
    windowError('/mfe/shell/main.js');
    windowError('/mfe/shell/main.js');
    expect(reports().map(({ remote, releaseId, route, kind }) => ({ remote, releaseId, route, kind }))).toEqual([
      { remote: 'mfe_content', releaseId: releases.mfe_content, route: 'faq', kind: 'error' },
      { remote: 'shell', releaseId: releases.shell, route: 'faq', kind: 'error' },
    ]);
  });

  it('from another origin’s script (an extension, a third party) is not the site’s', () => {
    windowError('chrome-extension://abcdefgh/content.js');
    windowError('https://ads.example/tag.js');
    windowError('');
    expect(reportClientError).not.toHaveBeenCalled();
  });

  it('is dropped without a word when the report itself fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reportClientError.mockRejectedValue(new Error('offline'));
    windowError('/mfe/account/__federation_expose_SettingsPage.js');
    await Promise.resolve();
    expect(reportClientError).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('an unhandled rejection', () => {
  it('is counted against the remote in the first frame of its stack that is in a remote’s folder', () => {
    window.history.pushState(null, '', '/en/about');
    unhandledRejection(withStack(`    at request (http://localhost/mfe/shell/342.js:1:200)\n    at load (${JOBS_FOLDER}711.js:1:99)`));
    expect(reports()).toEqual([
      {
        releaseId: releases.mfe_jobs,
        remote: 'mfe_jobs',
        route: 'about',
        kind: 'unhandledRejection',
        message: 'TypeError: Failed to fetch',
      },
    ]);
  });

  it('without a remote in its stack is counted against the route’s remote', () => {
    window.history.pushState(null, '', '/ru/blogs/first-job');
    unhandledRejection({ statusCode: 500, messageKey: 'errors.server', user: { email: 'dana@example.com' } });
    expect(reports()).toEqual([
      {
        releaseId: releases.mfe_content,
        remote: 'mfe_content',
        route: 'blog',
        kind: 'unhandledRejection',
        message: 'ApiError: errors.server',
      },
    ]);
  });

  it('whose stack is only others’ scripts is not the site’s', () => {
    window.history.pushState(null, '', '/en/post-job');
    unhandledRejection(withStack('    at inject (https://extension.example/inject.js:3:4)'));
    expect(reportClientError).not.toHaveBeenCalled();
  });
});

describe('a page that failed', () => {
  it('is reported as its code not arriving or as its code failing, against its remote’s release', () => {
    window.history.pushState(null, '', '/en/services');
    reportPageFailure('mfe_services', Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }));
    reportPageFailure('mfe_services', new TypeError('Cannot read properties of undefined'));
    expect(reports().map(({ remote, releaseId, route, kind }) => ({ remote, releaseId, route, kind }))).toEqual([
      { remote: 'mfe_services', releaseId: 'dist', route: 'services', kind: 'loadFailed' },
      { remote: 'mfe_services', releaseId: 'dist', route: 'services', kind: 'renderFailed' },
    ]);
  });

  it('is not reported when the reader is offline and its code could not arrive', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportPageFailure('mfe_posting', Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' }));
    expect(reportClientError).not.toHaveBeenCalled();
    onLine.mockRestore();
  });

  it('outside every route names no route', () => {
    window.history.pushState(null, '', '/en/nowhere');
    reportPageFailure('mfe_account', new TypeError('boom'));
    expect(reports()[0]).toMatchObject({ remote: 'mfe_account', route: null, kind: 'renderFailed' });
  });
});

describe('failureKindOf', () => {
  it('tells code that could not arrive or start from code that failed while rendering', () => {
    expect(failureKindOf(Object.assign(new Error('Loading CSS chunk 5 failed.'), { name: 'ChunkLoadError' }))).toBe('loadFailed');
    expect(failureKindOf(new VersionSkewError('mfe_jobs needs @tasko/shared ^3.0.0'))).toBe('loadFailed');
    expect(failureKindOf(new TypeError('x is not a function'))).toBe('renderFailed');
    expect(failureKindOf('a thrown string')).toBe('renderFailed');
  });
});

describe('reportableMessage', () => {
  it('keeps URLs without their query or fragment, and never cuts a character in two', () => {
    expect(reportableMessage('at https://tasko.example/en/login?code=abc&state=xyz#top and /auth/callback#id_token=t (x)')).toBe(
      'at https://tasko.example/en/login and /auth/callback (x)',
    );
    expect(reportableMessage('Error #418 in ?')).toBe('Error #418 in ?');
    const emoji = `${'a'.repeat(CLIENT_ERROR_MESSAGE_MAX - 1)}😀`;
    expect(reportableMessage(emoji)).toBe('a'.repeat(CLIENT_ERROR_MESSAGE_MAX - 1));
  });
});
