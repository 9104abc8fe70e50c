import { api, isSessionCall } from './client';
import { HttpError, toApiError } from './apiError';
import { authBus, type AuthEventDetail } from '../auth/authBus';
import { signIn, signOut } from '../auth/authStore';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { FakeXhr, lastXhr, installFakeXhr } from '../../test/fakeXhr';

interface SentRequest {
  method: string;
  /** The path under /api/v1 and its query string. */
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

const sent: SentRequest[] = [];
let answer: { status: number; data: unknown } | 'offline' = { status: 200, data: {} };

/** Answers every request from memory, as the server would (jsdom has no fetch of its own). */
const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  expect(url.startsWith('/api/v1/')).toBe(true);
  sent.push({ method: init.method ?? 'GET', url: url.slice('/api/v1'.length), headers: { ...(init.headers as Record<string, string>) }, body: init.body });
  if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
  const { status, data } = answer;
  const text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
  return Promise.resolve({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(text) } as Response);
};

// What the upload path sends is recorded with the fetch calls, so "nothing was sent" covers both ways of sending.
FakeXhr.onSend = (xhr) => {
  expect(xhr.url.startsWith('/api/v1/')).toBe(true);
  sent.push({ method: xhr.method, url: xhr.url.slice('/api/v1'.length), headers: { ...xhr.headers }, body: xhr.body as BodyInit });
};
installFakeXhr();

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** Every function of the API object, nested ones (`moderation.act`) by their dotted name. */
function callsOf(group: object, prefix = ''): [string, AnyCall][] {
  return Object.entries(group).flatMap(([name, value]): [string, AnyCall][] =>
    typeof value === 'function' ? [[prefix + name, value as AnyCall]] : value && typeof value === 'object' ? callsOf(value as object, `${prefix}${name}.`) : [],
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
  unsubscribe: () => api.unsubscribe('a.b'),
};

const events: AuthEventDetail[] = [];
authBus.on((detail) => events.push(detail));

beforeAll(() => {
  globalThis.fetch = fakeFetch;
});

beforeEach(() => {
  signOut();
  sent.length = 0;
  events.length = 0;
  answer = { status: 200, data: {} };
});

describe('API client', () => {
  it('sends the stored token as a Bearer header under /api/v1', async () => {
    signIn({ token: 'session-1', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answer = { status: 200, data: { jobs: [], total: 0, page: 1, pageSize: 12 } };
    await expect(api.searchJobs({ q: 'sofa', page: 2 })).resolves.toEqual({ jobs: [], total: 0, page: 1, pageSize: 12 });
    expect(sent[0]?.url).toBe('/jobs?q=sofa&page=2');
    expect(sent[0]?.headers.Authorization).toBe('Bearer session-1');
    expect(sent[0]?.body).toBeUndefined();
  });

  it('turns any 401 into an `unauthorized` event, and the error into a message key', async () => {
    signIn({ token: 'expired', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answer = { status: 401, data: { statusCode: 401, messageKey: 'unauthorized' } };
    const error = await api.getSettings().catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(events.map((e) => e.event)).toContain('unauthorized');
  });

  it.each(sessionCalls.map(([name]) => name))('stops %s without a token before it leaves the browser, and sends the user to sign in', async (name) => {
    window.history.replaceState(null, '', '/he/my-posted-jobs?page=2');
    const call = sessionCalls.find(([n]) => n === name)?.[1];
    // The arguments do not matter: nothing is built or sent without a session.
    const error = await call?.().catch((e: unknown) => e);
    expect(error).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(sent).toHaveLength(0);
    expect(events).toEqual([{ event: 'unauthorized', isRemote: false, intendedPath: '/he/my-posted-jobs?page=2' }]);
  });

  it('leaves no call unmarked by accident', () => {
    // A new call is either marked (and then covered by the test above) or named below as public on purpose.
    expect(sessionCalls.length).toBeGreaterThan(0);
    expect(allCalls.filter(([, fn]) => !isSessionCall(fn)).map(([name]) => name).sort()).toEqual(Object.keys(publicCalls).sort());
  });

  it.each(Object.keys(publicCalls))('sends the public call %s without a token, and nobody to sign in', async (name) => {
    answer = { status: 200, data: { nonce: 'n-1', places: [], jobs: [], total: 0, page: 1, pageSize: 12 } };
    await publicCalls[name]?.();
    expect(sent).toHaveLength(1);
    // Only the sign-in carries a Bearer header without a session: the provider's ID token.
    expect(sent[0]?.headers.Authorization).toBe(name === 'googleLogin' ? 'Bearer id-token' : undefined);
    expect(events).toEqual([]);
  });

  it('sends a marked call with the token once signed in', async () => {
    signIn({ token: 'session-2', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
    answer = { status: 200, data: { jobs: [], total: 31, page: 3, pageSize: 12 } };
    await expect(api.myJobs({ page: 3, pageSize: 12 })).resolves.toEqual({ jobs: [], total: 31, page: 3, pageSize: 12 });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('/me/jobs?page=3&pageSize=12');
    expect(sent[0]?.headers.Authorization).toBe('Bearer session-2');
    expect(events).toEqual([]);
  });

  it('saves, lists and deletes alerts under /me/alerts with the session', async () => {
    signIn({ token: 'session-3', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    const alert = { id: 4, offerType: 'job', q: 'dog', frequency: 'daily', createdAt: '2026-11-23T10:00:00.000Z' };
    answer = { status: 201, data: alert };
    await expect(api.alerts.create({ offerType: 'job', q: 'dog', frequency: 'daily' })).resolves.toEqual(alert);
    answer = { status: 200, data: { alerts: [alert] } };
    await expect(api.alerts.list()).resolves.toEqual([alert]);
    answer = { status: 204, data: undefined };
    await api.alerts.remove(4);
    expect(sent.map((c): unknown[] => [c.method, c.url, c.body, c.headers['Content-Type']])).toEqual([
      ['POST', '/me/alerts', JSON.stringify({ offerType: 'job', q: 'dog', frequency: 'daily' }), 'application/json'],
      ['GET', '/me/alerts', undefined, undefined],
      ['DELETE', '/me/alerts/4', undefined, undefined],
    ]);
    expect(sent.every((c) => c.headers.Authorization === 'Bearer session-3')).toBe(true);
  });

  it('keeps the message key of a refused alert', async () => {
    signIn({ token: 'session-4', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answer = { status: 409, data: { statusCode: 409, messageKey: 'tooManyAlerts' } };
    const error = await api.alerts.create({ offerType: 'service', frequency: 'instant' }).catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 409, messageKey: 'tooManyAlerts' });
  });

  it('unsubscribes with a POST that carries the token in the query, and no session', async () => {
    answer = { status: 200, data: { unsubscribed: true } };
    await expect(api.unsubscribe('t0k.en/+')).resolves.toEqual({ unsubscribed: true });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/alerts/unsubscribe?token=t0k.en%2F%2B');
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it('asks for a sign-in nonce with no body and answers it', async () => {
    answer = { status: 200, data: { nonce: 'server-nonce' } };
    await expect(api.authNonce()).resolves.toBe('server-nonce');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/auth/nonce');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('does not treat a refused nonce request as an expired session', async () => {
    signIn({ token: 'old', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
    answer = { status: 401, data: { statusCode: 401, messageKey: 'authFailed' } };
    await expect(api.authNonce().catch((e: unknown) => toApiError(e).messageKey)).resolves.toBe('authFailed');
    expect(events).toEqual([]);
  });

  it('does not treat a refused ID token at sign-in as an expired session', async () => {
    answer = { status: 401, data: { statusCode: 401, messageKey: 'authFailed' } };
    const error = await api.googleLogin('bad-id-token').catch((e: unknown) => e);
    expect(toApiError(error).messageKey).toBe('authFailed');
    expect(sent[0]?.headers.Authorization).toBe('Bearer bad-id-token');
    expect(events.filter((e) => e.event === 'unauthorized')).toHaveLength(0);
  });

  it('keeps field errors from a 400', async () => {
    answer = { status: 400, data: { statusCode: 400, messageKey: 'invalidRequest', fields: { amount: 'amountTooLong' } } };
    const error = await api.searchJobs({}).catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 400, messageKey: 'invalidRequest', fields: { amount: 'amountTooLong' } });
  });

  it('names a lost connection', async () => {
    answer = 'offline';
    const error = await api.getJob(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    expect(toApiError(new Error('boom'))).toEqual({ statusCode: 0, messageKey: 'serverError' });
  });

  it('gives up on a request that gets no answer in 20 seconds, and lets the page abort one', async () => {
    jest.useFakeTimers();
    try {
      globalThis.fetch = (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const slow = api.getJob(7).catch((e: unknown) => e);
      jest.advanceTimersByTime(20_000);
      expect(toApiError(await slow)).toEqual({ statusCode: 0, messageKey: 'networkError' });

      const page = new AbortController();
      const left = api.getJob(8, page.signal).catch((e: unknown) => e);
      page.abort();
      expect(await left).toBeInstanceOf(HttpError);
    } finally {
      jest.useRealTimers();
      globalThis.fetch = fakeFetch;
    }
  });
});

describe('sending a listing with its photos (XMLHttpRequest, for upload progress)', () => {
  const form = () => {
    const data = new FormData();
    data.append('jobTitle', 'Sofa');
    data.append('photos', new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'photo-1.jpg');
    return data;
  };
  const signedIn = () => {
    signIn({ token: 'session-6', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    events.length = 0;
  };

  it('sends the form as multipart with the session, reports the bytes sent, and answers the saved listing', async () => {
    signedIn();
    const payload = form();
    const progress: unknown[] = [];
    const saved = api.createJob(payload, { onProgress: (p) => progress.push(p) });
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/jobs']);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer session-6' });
    expect(xhr.body).toBe(payload);
    xhr.progress(1_200_000, 4_800_000);
    xhr.progress(3_000_000, 4_800_000);
    xhr.progress(4_800_000, 4_800_000);
    xhr.answer(201, { job_id: 9, jobTitle: 'Sofa' });
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
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/v1/jobs/42']);
    xhr.progress(500, 0, false);
    xhr.answer(200, { job_id: 42 });
    await expect(saved).resolves.toEqual({ job_id: 42 });
    expect(progress).toEqual([{ sent: 500, total: 0 }]);
  });

  it('maps a refusal exactly as the fetch path does: message key and fields', async () => {
    signedIn();
    const refused = api.createJob(form()).catch((e: unknown) => e);
    lastXhr().answer(400, { statusCode: 400, messageKey: 'invalidRequest', fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' } });
    const error = await refused;
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ statusCode: 400, messageKey: 'invalidRequest', fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' } });

    // The same answer through fetch gives the same error.
    answer = { status: 400, data: { statusCode: 400, messageKey: 'invalidRequest', fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' } } };
    expect(toApiError(await api.searchJobs({}).catch((e: unknown) => e))).toEqual(toApiError(error));
  });

  it('keeps the server’s words for a 5xx, and falls back to serverError for an answer that is not JSON', async () => {
    signedIn();
    const busy = api.createJob(form()).catch((e: unknown) => e);
    lastXhr().answer(503, { statusCode: 503, messageKey: 'serverError' });
    expect(toApiError(await busy)).toEqual({ statusCode: 503, messageKey: 'serverError' });
    const proxy = api.createJob(form()).catch((e: unknown) => e);
    lastXhr().answer(502, '<html>Bad gateway</html>');
    expect(toApiError(await proxy)).toEqual({ statusCode: 502, messageKey: 'serverError' });
  });

  it('signs an expired session out, as every call does', async () => {
    window.history.replaceState(null, '', '/ru/post-job');
    signedIn();
    const expired = api.createJob(form()).catch((e: unknown) => e);
    lastXhr().answer(401, { statusCode: 401, messageKey: 'unauthorized' });
    expect(toApiError(await expired)).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(events).toEqual([{ event: 'unauthorized', isRemote: false, intendedPath: '/ru/post-job' }]);
  });

  it('names a connection lost halfway as a network error', async () => {
    signedIn();
    const progress: unknown[] = [];
    const lost = api.createJob(form(), { onProgress: (p) => progress.push(p) }).catch((e: unknown) => e);
    lastXhr().progress(2_000_000, 4_800_000);
    lastXhr().drop();
    const error = await lost;
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    expect(progress).toEqual([{ sent: 2_000_000, total: 4_800_000 }]);
  });

  it('stops when the page aborts, and sends nothing when it aborted before', async () => {
    signedIn();
    const page = new AbortController();
    const stopped = api.createJob(form(), { signal: page.signal }).catch((e: unknown) => e);
    const xhr = lastXhr();
    xhr.progress(1_000, 4_800_000);
    page.abort();
    expect(xhr.wasAborted).toBe(true);
    const error = await stopped;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).cause).toBe(page.signal.reason);
    expect(toApiError(error)).toEqual({ statusCode: 0, messageKey: 'networkError' });

    const before = new AbortController();
    before.abort();
    await expect(api.updateJob(4, form(), { signal: before.signal })).rejects.toBeInstanceOf(HttpError);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('gives up after 20 seconds without news, the clock starting again at each progress event', async () => {
    jest.useFakeTimers();
    try {
      signedIn();
      const slow = api.createJob(form()).catch((e: unknown) => e);
      const xhr = lastXhr();
      for (let i = 1; i <= 5; i += 1) {
        jest.advanceTimersByTime(19_000);
        xhr.progress(i * 100_000, 1_000_000);
      }
      // 95 seconds in, still sending: not cut off.
      expect(xhr.wasAborted).toBe(false);
      xhr.progress(1_000_000, 1_000_000);
      jest.advanceTimersByTime(20_000);
      expect(xhr.wasAborted).toBe(true);
      expect(toApiError(await slow)).toEqual({ statusCode: 0, messageKey: 'networkError' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('settles once: an answer after an abort changes nothing', async () => {
    signedIn();
    const page = new AbortController();
    const stopped = api.createJob(form(), { signal: page.signal }).catch((e: unknown) => e);
    const xhr = lastXhr();
    page.abort();
    xhr.answer(201, { job_id: 1 });
    expect(await stopped).toBeInstanceOf(HttpError);
  });
});
