// While a canary runs, the page tells its loads with its token, once per area it runs, and its error reports
// carry the token (docs/releases.md, "How a canary counts"): what `POST /page-loads` and `POST /client-errors` get.
import { api, RUNTIME_CONFIG_ELEMENT_ID, type PageLoadReport } from '@tasko/shared';
import { tellPageLoads } from './pageLoads';
import { reportPageFailure } from './clientErrors';
import { tabReleases } from './tabReleases';

const releases = { shell: 'dist', mfe_jobs: '20261127T101500Z-1a2b3c4d', mfe_services: '20261120T080000Z-5e6f7a8b', mfe_content: 'dist' };
const canary = { token: 'eyJ2IjoiMy5hYmMifQ.c2lnbmF0dXJl', areas: ['mfe_jobs', 'mfe_services'] };
document.head.insertAdjacentHTML(
  'beforeend',
  `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({ releases, canary })}</script>`,
);

const sendBeacon = jest.fn((_url: string, _body: Blob) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

/** What each beacon carried, as the server reads it. */
async function beacons(): Promise<{ url: string; report: PageLoadReport; type: string }[]> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, body]) => ({ url, type: body.type, report: JSON.parse(await textOf(body)) as PageLoadReport })),
  );
}

beforeEach(() => sendBeacon.mockClear());

describe('the page’s loads', () => {
  it('are not told for an area the tab moved on to a newer release: the token names the one the page was served with', () => {
    const releaseOf = jest
      .spyOn(tabReleases, 'releaseOf')
      .mockImplementation((area) =>
        area === 'mfe_services' ? '20261201T000000Z-00000000' : (releases[area as keyof typeof releases] ?? 'dist'),
      );
    tellPageLoads(['mfe_services']);
    expect(sendBeacon).not.toHaveBeenCalled();
    releaseOf.mockRestore();
  });

  it('are told once per area, for the areas a canary runs in, with the page’s token, as JSON', async () => {
    tellPageLoads(['shell', 'mfe_jobs']);
    tellPageLoads(['mfe_jobs']);
    tellPageLoads(['mfe_content']);
    tellPageLoads(['mfe_services', 'mfe_services']);
    expect(await beacons()).toEqual([
      { url: '/api/v1/page-loads', type: 'application/json', report: { token: canary.token, areas: ['mfe_jobs'] } },
      { url: '/api/v1/page-loads', type: 'application/json', report: { token: canary.token, areas: ['mfe_services'] } },
    ]);
  });
});

describe('an error report', () => {
  const reportClientError = jest.spyOn(api, 'reportClientError').mockResolvedValue(undefined);

  it('carries the page’s token, so that it counts against the release the page was served with', () => {
    reportPageFailure('mfe_jobs', new TypeError('listing.photos is undefined'));
    expect(reportClientError).toHaveBeenCalledWith(
      expect.objectContaining({ remote: 'mfe_jobs', releaseId: releases.mfe_jobs, token: canary.token }),
    );
  });
});
