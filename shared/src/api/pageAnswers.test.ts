// The answers the server writes into the page for its first requests (api/src/plugins/site): the first render
// takes them without a request and without the API client's code; anything else still asks the API.
import { installMockApi } from '../../test/mockApi';
import { signIn, signOut } from '../auth/authStore';
import type { JobSearchParams } from '../domain/listingSearch';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../domain/contracts';
import { api } from './client';

const SEARCH: JobSearchParams = { offerType: 'job', sort: 'newest', page: 1, pageSize: 12, language: 'he' };
const searchUrl = '/api/v1/jobs?offerType=job&sort=newest&page=1&pageSize=12&language=he';
const inPage = { jobs: [{ job_id: 7 }], total: 1, page: 1, pageSize: 12 };
const listing = { job_id: 7, jobTitle: 'הובלת ספה' };

// Written before the first read of the page's configuration, as the server writes it into index.html.
document.body.innerHTML = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({
  answers: { [searchUrl]: inPage, '/api/v1/jobs/7?language=en': listing },
})}</script>`;

const server = installMockApi();

describe('answers written into the page', () => {
  afterEach(() => signOut());

  it('answer the page’s first request without sending it, once', async () => {
    server.answerWith({ status: 200, data: { jobs: [], total: 0, page: 1, pageSize: 12 } });
    expect(await api.searchJobs(SEARCH)).toEqual(inPage);
    expect(server.sent).toEqual([]);
    // The same search again (Back, or a refresh of the results) asks the API.
    expect(await api.searchJobs(SEARCH)).toEqual({ jobs: [], total: 0, page: 1, pageSize: 12 });
    expect(server.sent.map((request) => request.url)).toEqual([searchUrl]);
  });

  it('are an anonymous visitor’s: a signed-in reader asks the API, which knows the owner', async () => {
    signIn({ token: 'session-token', info: { email: 'dana@example.com', name: 'Dana' }, settings: DEFAULT_SETTINGS });
    server.answerWith({ status: 200, data: { ...listing, viewer_is_owner: true } });
    expect(await api.getJob(7, undefined, 'en')).toEqual({ ...listing, viewer_is_owner: true });
    expect(server.sent.map((request) => [request.url, request.headers.Authorization])).toEqual([
      ['/api/v1/jobs/7?language=en', 'Bearer session-token'],
    ]);
  });
});
