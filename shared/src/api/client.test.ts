import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api, apiClient } from './client';
import { toApiError } from './apiError';
import { authBus, type AuthEventDetail } from '../auth/authBus';
import { signIn, signOut } from '../auth/authStore';
import { DEFAULT_SETTINGS } from '../domain/settings';

const sent: InternalAxiosRequestConfig[] = [];
let answer: { status: number; data: unknown } = { status: 200, data: {} };

/** Answers every request from memory, as the server would. */
const adapter: AxiosAdapter = async (config) => {
  sent.push(config);
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) {
    const error = Object.assign(new Error(`status ${answer.status}`), { isAxiosError: true, response, config });
    throw error;
  }
  return response;
};

const events: AuthEventDetail[] = [];
authBus.on((detail) => events.push(detail));

beforeAll(async () => {
  (await apiClient()).defaults.adapter = adapter;
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
    expect(sent[0]?.baseURL).toBe('/api/v1');
    expect(sent[0]?.url).toBe('/jobs?q=sofa&page=2');
    expect(sent[0]?.headers.Authorization).toBe('Bearer session-1');
  });

  it('turns any 401 into an `unauthorized` event, and the error into a message key', async () => {
    signIn({ token: 'expired', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    answer = { status: 401, data: { statusCode: 401, messageKey: 'unauthorized' } };
    const error = await api.getSettings().catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(events.map((e) => e.event)).toContain('unauthorized');
  });

  it('stops a protected call without a token before it leaves the browser', async () => {
    const error = await api.getSettings().catch((e: unknown) => e);
    expect(error).toEqual({ statusCode: 401, messageKey: 'unauthorized' });
    expect(sent).toHaveLength(0);
    expect(events.map((e) => e.event)).toEqual(['unauthorized']);
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

  it('names a lost connection', () => {
    expect(toApiError({ isAxiosError: true })).toEqual({ statusCode: 0, messageKey: 'networkError' });
    expect(toApiError(new Error('boom'))).toEqual({ statusCode: 0, messageKey: 'serverError' });
  });
});
