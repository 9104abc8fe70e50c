import axios, { isAxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { currentToken } from '../auth/authStore';
import { authBus } from '../auth/authBus';
import { runtimeConfig } from '../config/runtimeConfig';
import { HttpError } from './apiError';

import { currentPath, REQUEST_TIMEOUT_MS, serializeParams } from './requestDefaults';

/**
 * axios's fetch adapter for every call, its xhr adapter for a body whose upload is followed. axios's browser
 * build holds both whichever is used, so the choice costs no bytes. fetch sends what the fetch client before
 * it sent (mode cors, credentials same-origin): what the listing's `<link rel=preload as=fetch
 * crossorigin=anonymous>` must match for the page to take the preloaded answer instead of asking again. XHR
 * for uploads only: the fetch adapter reports upload progress by streaming the body, which Firefox and Safari
 * cannot do and Chromium does only over HTTP/2.
 */
export function adapterFor(config: Pick<InternalAxiosRequestConfig, 'onUploadProgress'>): 'fetch' | 'xhr' {
  return config.onUploadProgress ? 'xhr' : 'fetch';
}

const transport: AxiosAdapter = (config) => axios.getAdapter(adapterFor(config), config)(config);

/**
 * The one HTTP client of the site, in the shared core: under /api/v1 of the API's origin, with the session's
 * Bearer token, a timeout, and every failure as an HttpError (`toApiError` makes it a message key).
 */
export const httpClient = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  adapter: transport,
  paramsSerializer: { serialize: serializeParams },
  // The fetch adapter writes `User-Agent: axios/…` unless one is set; false keeps it out. A browser that honours
  // it (Firefox) would otherwise report axios as the browser, and ask a CORS preflight of an API on another origin.
  headers: { 'User-Agent': false },
});

httpClient.interceptors.request.use((config) => {
  // Read per request, never when the core loads: runtimeConfig() keeps its first read for the page's life.
  config.baseURL = `${runtimeConfig().apiOrigin ?? ''}/api/v1`;
  const token = currentToken();
  // A call may bring its own: the sign-in sends the provider's ID token instead of a session.
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  // A Content-Type only for JSON, which axios writes itself. axios gives every other POST, PUT and PATCH a form
  // one: without a body the fetch adapter sends it, and the API answers 415 to a type it has no parser for; a
  // FormData needs the browser's own, which names the multipart boundary. false keeps axios's out.
  if (config.data === undefined || config.data instanceof FormData) config.headers.setContentType(false);
  return config;
});

httpClient.interceptors.response.use(undefined, (error: unknown) => {
  if (!isAxiosError(error)) throw error;
  // The sign-in calls answer 401 for a bad ID token or nonce: a failed login, not an expired session.
  if (error.response?.status === 401 && !error.config?.url?.startsWith('/auth/')) authBus.emit('unauthorized', currentPath());
  // No answer (offline, timeout, aborted): `toApiError` says networkError. The AxiosError stays as the cause.
  throw new HttpError(error.response ? { status: error.response.status, data: error.response.data } : undefined, { cause: error });
});
