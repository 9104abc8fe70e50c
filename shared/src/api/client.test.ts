import MockAdapter from 'axios-mock-adapter';
import { AxiosError, isCancel } from 'axios';
import { api, isSessionCall } from './client';
import { HttpError, toApiError } from './apiError';
import { adapterFor, httpClient } from './httpClient';
import { REQUEST_TIMEOUT_MS } from './requestDefaults';
import { authBus, type AuthEventDetail } from '../auth/authBus';
import { signIn, signOut } from '../auth/authStore';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { installMockApi } from '../../test/mockApi';

// The API at axios's adapter: the interceptors, the token, the error mapping and aborts run for real.
const server = installMockApi();
const { sent } = server;
const answerWith = (status: number, data?: unknown) => server.answerWith({ status, data });
const waitForSent = (count: number) => server.reached(count);

/** A call the page aborted: an HttpError around axios's cancel, shown as no connection. */
function expectCancelled(error: unknown): void {
  expect(error).toBeInstanceOf(HttpError);
  expect(isCancel((error as HttpError).cause)).toBe(true);
  expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
}

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** Every function of the API object, nested ones (`moderation.act`) by their dotted name. */
function callsOf(group: object, prefix = ''): [string, AnyCall][] {
  return Object.entries(group).flatMap(([name, value]): [string, AnyCall][] =>
    typeof value === 'function'
      ? [[prefix + name, value as AnyCall]]
      : value && typeof value === 'object'
        ? callsOf(value as object, `${prefix}${name}.`)
        : [],
  );
}
const allCalls = callsOf(api);
const sessionCalls = allCalls.filter(([, fn]) => isSessionCall(fn));

/** The calls anyone may make, each with arguments a page would pass. */
const publicCalls: Record<string, () => Promise<unknown>> = {
  searchJobs: () => api.searchJobs({ q: 'sofa' }),
  getJob: () => api.getJob(7),
  getContact: () => api.getContact(7),
  sendEvents: () => api.sendEvents([]),
  authNonce: () => api.authNonce(),
  googleLogin: () => api.googleLogin('id-token', 'he'),
  logout: () => api.logout(),
  places: () => api.places('חי', 'he'),
  searchSuggestions: () => api.searchSuggestions('убор', 'he', 'job'),
  unsubscribe: () => api.unsubscribe('a.b'),
  'deal.profile': () => api.deal.profile(3),
  'deal.reviewsOf': () => api.deal.reviewsOf(3, 1),
  currentReleases: () => api.currentReleases(),
  reportClientError: () =>
    api.reportClientError({ releaseId: 'dist', remote: 'mfe_jobs', route: 'home', kind: 'error', message: 'TypeError' }),
};

const events: AuthEventDetail[] = [];
authBus.on((detail) => events.push(detail));

beforeEach(() => {
  signOut();
  events.length = 0;
});

describe('API client', () => {
  it('sends the stored token as a Bearer header under /api/v1', async () => {
    signIn({ token: 'session-1', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answerWith(200, { jobs: [], total: 0, page: 1, pageSize: 12 });
    await expect(api.searchJobs({ q: 'sofa', page: 2 })).resolves.toEqual({ jobs: [], total: 0, page: 1, pageSize: 12 });
    expect(sent[0]?.url).toBe('/api/v1/jobs?q=sofa&page=2');
    expect(sent[0]?.headers.Authorization).toBe('Bearer session-1');
    expect(sent[0]?.body).toBeUndefined();
  });

  it('turns any 401 into an `unauthorized` event, and the error into a message key', async () => {
    signIn({ token: 'expired', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answerWith(401, { statusCode: 401, messageKey: 'unauthorized' });
    const error = await api.getSettings().catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(events.map((e) => e.event)).toContain('unauthorized');
  });

  it.each(sessionCalls.map(([name]) => name))(
    'stops %s without a token before it leaves the browser, and sends the user to sign in',
    async (name) => {
      window.history.replaceState(null, '', '/he/my-posted-jobs?page=2');
      const call = sessionCalls.find(([n]) => n === name)?.[1];
      // The arguments do not matter: nothing is built or sent without a session.
      const error = await call?.().catch((e: unknown) => e);
      expect(error).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
      expect(sent).toHaveLength(0);
      expect(events).toEqual([{ event: 'unauthorized', isRemote: false, intendedPath: '/he/my-posted-jobs?page=2' }]);
    },
  );

  it('leaves no call unmarked by accident', () => {
    // A new call is either marked (and then covered by the test above) or named below as public on purpose.
    expect(sessionCalls.length).toBeGreaterThan(0);
    expect(
      allCalls
        .filter(([, fn]) => !isSessionCall(fn))
        .map(([name]) => name)
        .sort(),
    ).toEqual(Object.keys(publicCalls).sort());
  });

  it.each(Object.keys(publicCalls))('sends the public call %s without a token, and nobody to sign in', async (name) => {
    answerWith(200, { nonce: 'n-1', places: [], suggestions: [], jobs: [], reviews: [], total: 0, page: 1, pageSize: 12 });
    await publicCalls[name]?.();
    expect(sent).toHaveLength(1);
    // Only the sign-in carries a Bearer header without a session: the provider's ID token.
    expect(sent[0]?.headers.Authorization).toBe(name === 'googleLogin' ? 'Bearer id-token' : undefined);
    expect(events).toEqual([]);
  });

  it('sends a marked call with the token once signed in', async () => {
    signIn({ token: 'session-2', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
    answerWith(200, { jobs: [], total: 31, page: 3, pageSize: 12 });
    await expect(api.myJobs({ page: 3, pageSize: 12 })).resolves.toEqual({ jobs: [], total: 31, page: 3, pageSize: 12 });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('/api/v1/me/jobs?page=3&pageSize=12');
    expect(sent[0]?.headers.Authorization).toBe('Bearer session-2');
    expect(events).toEqual([]);
  });

  it('saves, lists and deletes alerts under /me/alerts with the session', async () => {
    signIn({ token: 'session-3', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    const alert = { id: 4, offerType: 'job', q: 'dog', frequency: 'daily', createdAt: '2026-11-23T10:00:00.000Z' };
    answerWith(201, alert);
    await expect(api.alerts.create({ offerType: 'job', q: 'dog', frequency: 'daily' })).resolves.toEqual(alert);
    answerWith(200, { alerts: [alert] });
    await expect(api.alerts.list()).resolves.toEqual([alert]);
    answerWith(204, undefined);
    await api.alerts.remove(4);
    expect(sent.map((c): unknown[] => [c.method, c.url, c.body, c.headers['Content-Type']])).toEqual([
      ['POST', '/api/v1/me/alerts', JSON.stringify({ offerType: 'job', q: 'dog', frequency: 'daily' }), 'application/json'],
      ['GET', '/api/v1/me/alerts', undefined, undefined],
      ['DELETE', '/api/v1/me/alerts/4', undefined, undefined],
    ]);
    expect(sent.every((c) => c.headers.Authorization === 'Bearer session-3')).toBe(true);
  });

  it('deletes an alert with keepalive when asked, so the request outlives the page', async () => {
    signIn({ token: 'session-5', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answerWith(204, undefined);
    await api.alerts.remove(4, { keepalive: true });
    await api.alerts.remove(5);
    expect(sent.map((c) => [c.url, c.config.fetchOptions])).toEqual([
      ['/api/v1/me/alerts/4', { keepalive: true }],
      ['/api/v1/me/alerts/5', undefined],
    ]);
  });

  it('keeps the message key of a refused alert', async () => {
    signIn({ token: 'session-4', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answerWith(409, { statusCode: 409, messageKey: 'tooManyAlerts' });
    const error = await api.alerts.create({ offerType: 'service', frequency: 'instant' }).catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 409, messageKey: 'tooManyAlerts' });
  });

  it('unsubscribes with a POST that carries the token in the query, and no session', async () => {
    answerWith(200, { unsubscribed: true });
    await expect(api.unsubscribe('t0k.en/+')).resolves.toEqual({ unsubscribed: true });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/mail/unsubscribe?token=t0k.en%2F%2B');
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it('asks for a sign-in nonce with no body and answers it', async () => {
    answerWith(200, { nonce: 'server-nonce' });
    await expect(api.authNonce()).resolves.toBe('server-nonce');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/auth/nonce');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('does not treat a refused nonce request as an expired session', async () => {
    signIn({ token: 'old', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
    answerWith(401, { statusCode: 401, messageKey: 'authFailed' });
    await expect(api.authNonce().catch((e: unknown) => toApiError(e).messageKey)).resolves.toBe('authFailed');
    expect(events).toEqual([]);
  });

  it('does not treat a refused ID token at sign-in as an expired session', async () => {
    answerWith(401, { statusCode: 401, messageKey: 'authFailed' });
    const error = await api.googleLogin('bad-id-token').catch((e: unknown) => e);
    expect(toApiError(error).messageKey).toBe('authFailed');
    expect(sent[0]?.headers.Authorization).toBe('Bearer bad-id-token');
    expect(events.filter((e) => e.event === 'unauthorized')).toHaveLength(0);
  });

  it('keeps field errors from a 400', async () => {
    answerWith(400, { statusCode: 400, messageKey: 'invalidRequest', fields: { amount: 'amountTooLong' } });
    const error = await api.searchJobs({}).catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 400, messageKey: 'invalidRequest', fields: { amount: 'amountTooLong' } });
  });

  it('names a lost connection', async () => {
    server.answerWith('offline');
    const error = await api.getJob(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    expect(toApiError(new Error('boom'))).toEqual({ statusCode: 0, messageKey: 'serverError' });
  });

  it('gives every request 20 seconds to answer, and names a timeout as a lost connection', async () => {
    await api.getJob(7);
    expect(sent[0]?.config.timeout).toBe(20_000);
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    // The clock is the adapter's own (axios's fetch or xhr adapter): here the mock runs out at once.
    const timingOut = new MockAdapter(httpClient);
    timingOut.onAny().timeoutOnce();
    try {
      const error = await api.getJob(7).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(((error as HttpError).cause as AxiosError).code).toBe(AxiosError.ECONNABORTED);
      expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    } finally {
      timingOut.restore();
    }
  });

  it('lets the page abort a request under way, and sends nothing for one it aborted before', async () => {
    server.answerWith('hold');
    const page = new AbortController();
    const left = api.getJob(8, page.signal).catch((e: unknown) => e);
    await waitForSent(1);
    page.abort();
    const error = await left;
    expectCancelled(error);

    const before = new AbortController();
    before.abort();
    const never = await api.searchJobs({ q: 'sofa' }, before.signal).catch((e: unknown) => e);
    expect(isCancel((never as HttpError).cause)).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('sends through axios’s fetch adapter, and through its xhr adapter only what reports its upload', () => {
    // The browser's adapters; the tests replace them (jsdom has no fetch), so which is used is checked here.
    expect(adapterFor({})).toBe('fetch');
    expect(adapterFor({ onUploadProgress: () => undefined })).toBe('xhr');
  });
});

describe('sending a listing with its photos (upload progress)', () => {
  const form = () => {
    const data = new FormData();
    data.append('jobTitle', 'Sofa');
    data.append('photos', new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'photo-1.jpg');
    return data;
  };
  const signedIn = () => {
    signIn({ token: 'session-6', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
    server.answerWith('hold');
  };
  /** The upload just sent, once it has reached the adapter. */
  const sending = async () => {
    await waitForSent(sent.length + 1);
    return server.lastHeld('the listing was not sent');
  };

  it('sends the form as multipart with the session, reports the bytes sent, and answers the saved listing', async () => {
    signedIn();
    const payload = form();
    const progress: unknown[] = [];
    const saved = api.createJob(payload, { onProgress: (p) => progress.push(p) });
    const upload = await sending();
    expect([upload.method, upload.url]).toEqual(['POST', '/api/v1/jobs']);
    expect(upload.headers.Authorization).toBe('Bearer session-6');
    // The browser writes it, with the multipart boundary.
    expect(upload.headers['Content-Type']).toBeUndefined();
    expect(upload.body).toBe(payload);
    // No timeout of axios's: the client's own clock counts from the last progress event.
    expect(upload.config.timeout).toBe(0);
    upload.progress(1_200_000, 4_800_000);
    upload.progress(3_000_000, 4_800_000);
    upload.progress(4_800_000, 4_800_000);
    upload.answer(201, { job_id: 9, jobTitle: 'Sofa' });
    await expect(saved).resolves.toEqual({ job_id: 9, jobTitle: 'Sofa' });
    expect(progress).toEqual([
      { sent: 1_200_000, total: 4_800_000 },
      { sent: 3_000_000, total: 4_800_000 },
      { sent: 4_800_000, total: 4_800_000 },
    ]);
  });

  it('edits with PUT to the listing, and says 0 for a total the browser cannot tell', async () => {
    signedIn();
    const progress: unknown[] = [];
    const saved = api.updateJob(42, form(), { onProgress: (p) => progress.push(p) });
    const upload = await sending();
    expect([upload.method, upload.url]).toEqual(['PUT', '/api/v1/jobs/42']);
    upload.progress(500);
    upload.answer(200, { job_id: 42 });
    await expect(saved).resolves.toEqual({ job_id: 42 });
    expect(progress).toEqual([{ sent: 500, total: 0 }]);
  });

  it('maps a refusal exactly as every other call: message key and fields', async () => {
    signedIn();
    const refused = api.createJob(form()).catch((e: unknown) => e);
    (await sending()).answer(400, {
      statusCode: 400,
      messageKey: 'invalidRequest',
      fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' },
    });
    const error = await refused;
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({
      statusCode: 400,
      messageKey: 'invalidRequest',
      fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' },
    });

    // The same answer to a search gives the same error.
    answerWith(400, { statusCode: 400, messageKey: 'invalidRequest', fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' } });
    expect(toApiError(await api.searchJobs({}).catch((e: unknown) => e))).toEqual(toApiError(error));
  });

  it('keeps the server’s words for a 5xx, and falls back to serverError for an answer that is not JSON', async () => {
    signedIn();
    // An edit (PUT) is never resent by itself: the answer each test gives is the one the page gets.
    const busy = api.updateJob(7, form()).catch((e: unknown) => e);
    (await sending()).answer(503, { statusCode: 503, messageKey: 'serverError' });
    expect(toApiError(await busy)).toEqual({ statusCode: 503, messageKey: 'serverError' });
    const proxy = api.updateJob(7, form()).catch((e: unknown) => e);
    await waitForSent(2);
    server.lastHeld().answer(502, '<html>Bad gateway</html>');
    expect(toApiError(await proxy)).toEqual({ statusCode: 502, messageKey: 'serverError' });
  });

  it('signs an expired session out, as every call does', async () => {
    window.history.replaceState(null, '', '/ru/post-job');
    signedIn();
    const expired = api.createJob(form()).catch((e: unknown) => e);
    (await sending()).answer(401, { statusCode: 401, messageKey: 'unauthorized' });
    expect(toApiError(await expired)).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(events).toEqual([{ event: 'unauthorized', isRemote: false, intendedPath: '/ru/post-job' }]);
  });

  it('names a connection lost halfway as a network error', async () => {
    signedIn();
    const progress: unknown[] = [];
    const lost = api.updateJob(7, form(), { onProgress: (p) => progress.push(p) }).catch((e: unknown) => e);
    const upload = await sending();
    upload.progress(2_000_000, 4_800_000);
    upload.drop();
    const error = await lost;
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    expect(progress).toEqual([{ sent: 2_000_000, total: 4_800_000 }]);
  });

  it('stops when the page aborts, and sends nothing when it aborted before', async () => {
    signedIn();
    const page = new AbortController();
    const stopped = api.createJob(form(), { signal: page.signal }).catch((e: unknown) => e);
    const upload = await sending();
    upload.progress(1_000, 4_800_000);
    page.abort();
    expect(upload.isAborted).toBe(true);
    const error = await stopped;
    expectCancelled(error);

    const before = new AbortController();
    before.abort();
    await expect(api.updateJob(4, form(), { signal: before.signal })).rejects.toBeInstanceOf(HttpError);
    expect(sent).toHaveLength(1);
  });

  it('gives up after 20 seconds without news, the clock starting again at each progress event', async () => {
    jest.useFakeTimers();
    try {
      signedIn();
      const slow = api.updateJob(7, form()).catch((e: unknown) => e);
      const upload = await sending();
      for (let i = 1; i <= 5; i += 1) {
        jest.advanceTimersByTime(19_000);
        upload.progress(i * 100_000, 1_000_000);
      }
      // 95 seconds in, still sending: not cut off.
      expect(upload.isAborted).toBe(false);
      upload.progress(1_000_000, 1_000_000);
      // Everything sent: the server has the usual 20 seconds to answer.
      jest.advanceTimersByTime(19_999);
      expect(upload.isAborted).toBe(false);
      jest.advanceTimersByTime(1);
      expect(upload.isAborted).toBe(true);
      expect(toApiError(await slow)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops its clock once answered', async () => {
    jest.useFakeTimers();
    try {
      signedIn();
      const saved = api.createJob(form());
      (await sending()).answer(201, { job_id: 3 });
      await expect(saved).resolves.toEqual({ job_id: 3 });
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('settles once: an answer after an abort changes nothing', async () => {
    signedIn();
    const page = new AbortController();
    const stopped = api.createJob(form(), { signal: page.signal }).catch((e: unknown) => e);
    const upload = await sending();
    page.abort();
    upload.answer(201, { job_id: 1 });
    expect(await stopped).toBeInstanceOf(HttpError);
  });
});

describe('creating calls and their Idempotency-Key', () => {
  beforeEach(() => signIn({ token: 'session-9', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS }));
  const alert = { offerType: 'job' as const, frequency: 'daily' as const };

  it('sends a fresh key with each creating call', async () => {
    answerWith(201, { id: 1 });
    await api.alerts.create(alert);
    await api.deal.send(4, 'Hello');
    await api.deal.apply(7, { message: 'I can help' });
    await api.deal.review(2, { rating: 5 });
    await api.createJob(new FormData());
    const keys = sent.map((request) => request.headers['Idempotency-Key']);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(5);
    await api.deal.markRead(4);
    expect(sent.at(-1)?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('resends under the same key when the answer was lost or the instance was stopping, and not after a refusal', async () => {
    server.answerWith('offline');
    const saving = api.alerts.create(alert);
    await waitForSent(1);
    answerWith(503, { statusCode: 503, messageKey: 'serviceUnavailable' });
    await waitForSent(2);
    answerWith(201, { id: 3 });
    await expect(saving).resolves.toEqual({ id: 3 });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.headers['Idempotency-Key'])).size).toBe(1);

    sent.length = 0;
    answerWith(422, { statusCode: 422, messageKey: 'idempotencyKeyReused' });
    await expect(api.alerts.create(alert).catch(toApiError)).resolves.toEqual({ statusCode: 422, messageKey: 'idempotencyKeyReused' });
    expect(sent).toHaveLength(1);
  });

  it('gives up after two resends, with the message of the last answer', async () => {
    answerWith(409, { statusCode: 409, messageKey: 'requestInProgress' });
    await expect(api.deal.send(4, 'Hello').catch(toApiError)).resolves.toEqual({ statusCode: 409, messageKey: 'requestInProgress' });
    expect(sent).toHaveLength(3);
  });

  it("keeps a form's key across its own retries of one submission", async () => {
    answerWith(201, { job_id: 1 });
    const submission = {};
    await api.createJob(new FormData(), { submission });
    await api.createJob(new FormData(), { submission });
    await api.createJob(new FormData(), { submission: {} });
    const [first, retry, next] = sent.map((request) => request.headers['Idempotency-Key']);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);

    // A post is resent only when the page asks ("Try again"): its photos are not uploaded again behind its back.
    sent.length = 0;
    server.answerWith('offline');
    await expect(api.createJob(new FormData(), { submission }).catch(toApiError)).resolves.toEqual({
      statusCode: 0,
      messageKey: 'networkError',
    });
    expect(sent).toHaveLength(1);
  });
});
