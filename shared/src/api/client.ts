import type { AxiosRequestConfig } from 'axios';
import { currentToken } from '../auth/authStore';
import { authBus } from '../auth/authBus';
import type { Language } from '../domain/languages';
import type { AnalyticsEvent } from '../domain/analytics';
import type { Alert, AlertFilters, AlertFrequency } from '../domain/alerts';
import type { DailyCount, ModerationAction, ModerationActionKind, ReportedListing } from '../domain/moderation';
import type { Listing, ListingContact, ListingPage, MyJobsParams, OfferType, ReportReason, SearchSuggestion } from '../domain/listing';
import { searchQueryString, type JobSearchParams } from '../domain/listingSearch';
import type { UserSettings } from '../domain/settings';
import type {
  Application,
  ApplicationStatus,
  BlockedMember,
  ChatMessage,
  Conversation,
  CursorPage,
  ListingApplication,
  MyApplication,
  PublicReview,
  ReportedContent,
  Review,
  ReviewReply,
  UserProfile,
} from '../domain/deal';
import type { ClientErrorReport, CurrentReleases } from '../domain/releases';
import { HttpError, type ApiError } from './apiError';
import { runtimeConfig } from '../config/runtimeConfig';
import { currentPath, REQUEST_TIMEOUT_MS, serializeParams } from './requestDefaults';

/**
 * The axios instance, fetched with the first call (docs/architecture.md, "API client"): a page that asks the
 * API nothing on its first visit (every content page) does not download axios, and one that does gets the
 * chunk preloaded by the server beside its first answer.
 */
const loadHttpClient = () => import(/* webpackChunkName: "http-client" */ './httpClient').then((module) => module.httpClient);

/** One call to the API, as `httpClient` sends it. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api/v1, with its query string if it has one. */
  url: string;
  params?: Record<string, string | number>;
  /** FormData is sent as multipart; anything else as JSON; nothing, with no body and no Content-Type. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Which page of a list paged by cursor (docs/deal.md, "Paged lists"): the first without `cursor`. */
export interface PageRequest {
  cursor?: string;
  limit?: number;
  signal?: AbortSignal;
}

function pageParams(page: PageRequest): Record<string, string | number> {
  return { ...(page.cursor ? { cursor: page.cursor } : {}), ...(page.limit ? { limit: page.limit } : {}) };
}

/** How much of a request's body has left the browser. */
export interface UploadProgress {
  /** Bytes sent so far. */
  sent: number;
  /** Bytes of the whole body; 0 when the browser cannot tell. */
  total: number;
}

/** What the caller of an upload may pass: a way to follow it, and a way to stop it. */
export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The answer the server wrote into the page for this request (`runtimeConfig().answers`), taken once: only
 * for an anonymous GET, which is what the server asked for itself; a later request asks the API anew.
 */
function takePageAnswer(request: ApiRequest): unknown {
  const answers = runtimeConfig().answers;
  if (!answers || (request.method ?? 'GET') !== 'GET' || currentToken() || request.headers?.Authorization || request.signal?.aborted)
    return undefined;
  const query = request.params ? serializeParams(request.params) : '';
  const url = `/api/v1${request.url}${query ? `${request.url.includes('?') ? '&' : '?'}${query}` : ''}`;
  const answer = answers[url];
  delete answers[url];
  return answer;
}

/** The server's data, or an HttpError (httpClient's interceptors: token, timeout, sign-out on a 401). */
function call<T>(request: ApiRequest & Pick<AxiosRequestConfig, 'timeout' | 'onUploadProgress' | 'fetchOptions'>): Promise<T> {
  const answer = takePageAnswer(request);
  // The server's own answer, of the shape of the API's (a response schema of the server's routes).
  if (answer !== undefined) return Promise.resolve(answer as T);
  return loadHttpClient()
    .then((httpClient) => httpClient.request<T>(request))
    .then((response) => response.data);
}

/**
 * A body big enough to watch leave (a listing with its photos), with its upload progress. axios's timeout
 * counts from the start of the request: a slow phone sending 5 MB of photos would be cut off while it is
 * still sending. So no timeout of axios's here, and a clock of our own instead, started again at each
 * progress event: a connection is lost after REQUEST_TIMEOUT_MS without news, a phone that keeps sending is
 * never cut off, and the server gets the usual time to answer once everything is sent. The clock and the
 * page's `signal` both stop the request through one AbortController.
 */
function upload<T>(request: ApiRequest, { onProgress, signal }: UploadOptions): Promise<T> {
  const stopper = new AbortController();
  const stop = () => stopper.abort();
  let clock: ReturnType<typeof setTimeout> | undefined;
  const restartClock = () => {
    clearTimeout(clock);
    clock = setTimeout(stop, REQUEST_TIMEOUT_MS);
  };
  // Aborted before: axios sees the aborted signal and sends nothing.
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop);
  restartClock();
  return call<T>({
    ...request,
    timeout: 0,
    signal: stopper.signal,
    onUploadProgress: ({ loaded, total }) => {
      restartClock();
      onProgress?.({ sent: loaded, total: total ?? 0 });
    },
  }).finally(() => {
    clearTimeout(clock);
    signal?.removeEventListener('abort', stop);
  });
}

/** One submission of a form, held by the form across its retries: the client writes its Idempotency-Key here. */
export interface Submission {
  idempotencyKey?: string;
}

/** The submission's Idempotency-Key, made at its first send. */
function idempotencyHeaders(submission: Submission): Record<string, string> {
  submission.idempotencyKey ??= newIdempotencyKey();
  return { 'Idempotency-Key': submission.idempotencyKey };
}

/** How long to wait before each resend of a creating call whose answer was lost. */
const RESEND_DELAYS_MS = [700, 2_000];

/** 128 random bits in hex: `getRandomValues` works on plain http too, where `randomUUID` does not (a phone on a LAN). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the same request, under the same key, is worth sending again: no answer came (the connection
 * dropped, the clock ran out), the proxy found no instance (502, 504), an instance was stopping or its
 * database out of reach (503), or the first send is still running (409 `requestInProgress`).
 */
function isWorthResending(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  // No answer: the connection dropped or the clock ran out (the calls resent here take no AbortSignal).
  if (!error.response) return true;
  const { status, data } = error.response;
  if (status === 502 || status === 503 || status === 504) return true;
  return status === 409 && (data as { messageKey?: unknown } | null)?.messageKey === 'requestInProgress';
}

/**
 * A creating call (an application, a message, a review, an alert), sent with an Idempotency-Key
 * (docs/deploy.md#idempotent-writes): when its answer is lost it is sent again with the same key, so the
 * server answers the first result instead of creating a second. A form that offers "Try again" passes the
 * same `submission` each time, which keeps its key across those retries too.
 */
async function createOnce<T>(send: (headers: Record<string, string>) => Promise<T>, submission: Submission = {}): Promise<T> {
  const headers = idempotencyHeaders(submission);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(headers);
    } catch (error) {
      const delay = RESEND_DELAYS_MS[attempt];
      if (delay === undefined || !isWorthResending(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * An API function that the server answers only with a session, marked on the call itself rather than in a list
 * of protected paths (docs/architecture.md#api-client, `withSession`).
 */
export type SessionCall<A extends unknown[], R> = ((...args: A) => Promise<R>) & { readonly requiresSession: true };

export function isSessionCall(value: unknown): value is SessionCall<unknown[], unknown> {
  return typeof value === 'function' && (value as Partial<SessionCall<unknown[], unknown>>).requiresSession === true;
}

/**
 * Marks a call as needing a session. Without a token it sends nothing: the user is sent to sign in (the
 * `unauthorized` event, as for a 401) and the call fails as the server would have answered.
 */
function withSession<A extends unknown[], R>(send: (...args: A) => Promise<R>): SessionCall<A, R> {
  const guarded = (...args: A): Promise<R> => {
    if (currentToken()) return send(...args);
    authBus.emit('unauthorized', currentPath());
    const refusal: ApiError = { statusCode: 401, messageKey: 'unauthorized' };
    return Promise.reject(refusal);
  };
  return Object.assign(guarded, { requiresSession: true as const });
}

export interface LoginAnswer {
  accessToken: string;
  user: { id: number; email: string; name: string; picture?: string; googleId?: string; ageConfirmed: boolean; isAdmin: boolean };
  settings: UserSettings;
}

export interface PlaceSuggestion {
  id: number;
  /** In the language asked for. */
  name: string;
  lat: number;
  lon: number;
}

/** Every call the site makes; `withSession` marks those the server answers only for a signed-in user. */
export const api = {
  /** The URL is built by `searchQueryString`, as the server's preload hint for the page is. */
  searchJobs: (params: JobSearchParams, signal?: AbortSignal) => call<ListingPage>({ url: `/jobs?${searchQueryString(params)}`, signal }),
  /** The signed-in user's own listings, every status but deleted, newest first. */
  myJobs: withSession(({ page, pageSize, language }: MyJobsParams & { language?: Language }, signal?: AbortSignal) =>
    call<ListingPage>({ url: '/me/jobs', params: { page, pageSize, ...(language ? { language } : {}) }, signal }),
  ),
  /** `language`: the one its place is named in. */
  getJob: (id: number | string, signal?: AbortSignal, language?: Language) =>
    call<Listing>({ url: `/jobs/${encodeURIComponent(String(id))}`, ...(language ? { params: { language } } : {}), signal }),
  /** "Show phone": the poster's chosen contact details, rate-limited per client by the server. */
  getContact: (id: number) => call<ListingContact>({ url: `/jobs/${id}/contact` }),
  /** One report per user and listing; a second answers 409 `alreadyReported`. */
  reportListing: withSession((id: number, report: { reason: ReportReason; note?: string }) =>
    call<{ reported: true }>({ method: 'POST', url: `/jobs/${id}/reports`, data: report }),
  ),
  sendEvents: (events: AnalyticsEvent[]) => call<void>({ method: 'POST', url: '/events', data: { events } }),
  /**
   * With its photos: sent with upload progress (`options.onProgress`), stopped by `options.signal`. Not resent by
   * itself, unlike the other creating calls: the posting page shows the upload and offers "Try again", which
   * passes the same `submission`, so its photos are sent again only when the person asks and the retry still
   * carries the first send's Idempotency-Key.
   */
  createJob: withSession((payload: FormData, options: UploadOptions & { submission?: Submission } = {}) =>
    upload<Listing>({ method: 'POST', url: '/jobs', data: payload, headers: idempotencyHeaders(options.submission ?? {}) }, options),
  ),
  updateJob: withSession((id: number, payload: FormData, options: UploadOptions = {}) =>
    upload<Listing>({ method: 'PUT', url: `/jobs/${id}`, data: payload }, options),
  ),
  /** `language`: the one the answer names its place in, the page's, so the card it replaces reads the same. */
  closeJob: withSession((id: number, language: Language) =>
    call<Listing>({ method: 'PATCH', url: `/jobs/${id}/close`, params: { language } }),
  ),
  activateJob: withSession((id: number, language: Language) =>
    call<Listing>({ method: 'PATCH', url: `/jobs/${id}/active`, params: { language } }),
  ),
  deleteJob: withSession((id: number) => call<void>({ method: 'DELETE', url: `/jobs/${id}` })),
  /**
   * A one-time nonce for the next sign-in: it goes into the provider's authorization URL, and the server
   * keeps its hash in an HttpOnly cookie, so only an ID token issued for this browser's request is accepted.
   */
  authNonce: () => call<{ nonce: string }>({ method: 'POST', url: '/auth/nonce' }).then((r) => r.nonce),
  /** `language`: the page's language, which a first sign-in keeps as the new user's setting. */
  googleLogin: (idToken: string, language?: Language) =>
    call<LoginAnswer>({
      method: 'POST',
      url: '/auth/google/login',
      headers: { Authorization: `Bearer ${idToken}` },
      ...(language ? { params: { language } } : {}),
    }),
  /** "I am 18 or older" (the terms): asked once per user, after the first sign-in; stored on the server. */
  confirmAge: withSession(() => call<{ ageConfirmed: true }>({ method: 'POST', url: '/user/age-confirmation' })),
  /** Moderation (ADMIN_EMAILS only; anyone else gets 404 on every call). */
  moderation: {
    reports: withSession((language?: Language) =>
      call<{ listings: ReportedListing[] }>({ url: '/admin/reports', ...(language ? { params: { language } } : {}) }),
    ),
    actions: withSession(() => call<{ actions: ModerationAction[] }>({ url: '/admin/actions' })),
    stats: withSession((days?: number) => call<{ days: DailyCount[] }>({ url: '/admin/stats', params: { days: days ?? 14 } })),
    /** Reported reviews and messages, most reported first. */
    reportedContent: withSession(() => call<{ items: ReportedContent[] }>({ url: '/admin/reported-content' }).then((r) => r.items)),
    /** Hiding removes a review or a message from every answer; restoring brings it back. */
    actOnContent: withSession((kind: ReportedContent['kind'], id: number, action: 'hide' | 'restore') =>
      call<void>({ method: 'POST', url: `/admin/${kind === 'review' ? 'reviews' : 'messages'}/${id}/${action}` }),
    ),
    act: withSession((action: ModerationActionKind, target: { listingId?: number; userId?: number }) =>
      call<ModerationAction>({
        method: 'POST',
        url:
          action === 'hide' || action === 'restore'
            ? `/admin/listings/${target.listingId}/${action}`
            : `/admin/users/${target.userId}/${action}`,
      }),
    ),
  },
  /** Not marked: signing out must work, and send nobody to /login, even when the token is already gone. */
  logout: () => call<void>({ method: 'POST', url: '/auth/logout' }),
  getSettings: withSession(() => call<UserSettings>({ url: '/user/settings' })),
  saveSettings: withSession((settings: UserSettings) => call<UserSettings>({ method: 'PUT', url: '/user/settings', data: settings })),
  /**
   * Saved searches: a duplicate of filters already saved answers 409 `alertDuplicate`, a 21st 409
   * `tooManyAlerts`; the list is newest first; another user's alert answers 404.
   */
  alerts: {
    list: withSession((signal?: AbortSignal) => call<{ alerts: Alert[] }>({ url: '/me/alerts', signal }).then((r) => r.alerts)),
    create: withSession((alert: AlertFilters & { frequency: AlertFrequency }) =>
      createOnce((headers) => call<Alert>({ method: 'POST', url: '/me/alerts', data: alert, headers })),
    ),
    /** `keepalive`: sent as the page goes away (a deletion still waiting to be undone), and finished after it. */
    remove: withSession((id: number, options: { keepalive?: boolean } = {}) =>
      call<void>({ method: 'DELETE', url: `/me/alerts/${id}`, ...(options.keepalive ? { fetchOptions: { keepalive: true } } : {}) }),
    ),
  },
  /**
   * The unsubscribe link of any email, without a session: the token names one alert, or one kind of deal
   * email of one member. Only this POST unsubscribes (mail scanners follow the link with a GET); what is
   * already stopped answers 200 too, a bad token 400.
   */
  unsubscribe: (token: string) => call<{ unsubscribed: true }>({ method: 'POST', url: '/mail/unsubscribe', params: { token } }),
  /**
   * The deal kept on the site (docs/deal.md): applications, the private conversation each opens, hiring,
   * and the reviews both sides write once the work is done. Profiles and their reviews are public.
   */
  deal: {
    apply: withSession((jobId: number, application: { message: string; phone?: string }) =>
      createOnce((headers) =>
        call<{ application: Application }>({ method: 'POST', url: `/jobs/${jobId}/applications`, data: application, headers }),
      ).then((r) => r.application),
    ),
    /** The listing's applicants, the last activity first, a page at a time: its owner only (anyone else 404). */
    applicationsFor: withSession((jobId: number, page: PageRequest = {}) =>
      call<{ applications: ListingApplication[] } & CursorPage>({
        url: `/jobs/${jobId}/applications`,
        params: pageParams(page),
        signal: page.signal,
      }),
    ),
    /** My applications, the last activity first, a page at a time. */
    myApplications: withSession((page: PageRequest = {}) =>
      call<{ applications: MyApplication[] } & CursorPage>({ url: '/me/applications', params: pageParams(page), signal: page.signal }),
    ),
    /** A move `nextStatuses` allows; the status it already has changes nothing; any other answers 409 `badTransition`. */
    move: withSession((applicationId: number, status: ApplicationStatus) =>
      call<{ application: Application }>({ method: 'PATCH', url: `/applications/${applicationId}`, data: { status } }).then(
        (r) => r.application,
      ),
    ),
    /** My conversations, the last activity first, a page at a time, with the unread total of them all. */
    conversations: withSession((page: PageRequest = {}) =>
      call<{ conversations: Conversation[]; unreadTotal: number } & CursorPage>({
        url: '/me/conversations',
        params: pageParams(page),
        signal: page.signal,
      }),
    ),
    /** One of my conversations, as the inbox lists it. */
    conversation: withSession((conversationId: number, signal?: AbortSignal) =>
      call<{ conversation: Conversation }>({ url: `/conversations/${conversationId}`, signal }).then((r) => r.conversation),
    ),
    /** Oldest first; `before`: a message id, for the page before it. */
    messages: withSession((conversationId: number, options: { before?: number; limit?: number; signal?: AbortSignal } = {}) =>
      call<{ messages: ChatMessage[] }>({
        url: `/conversations/${conversationId}/messages`,
        params: { ...(options.before ? { before: options.before } : {}), ...(options.limit ? { limit: options.limit } : {}) },
        signal: options.signal,
      }).then((r) => r.messages),
    ),
    send: withSession((conversationId: number, text: string) =>
      createOnce((headers) =>
        call<{ message: ChatMessage }>({ method: 'POST', url: `/conversations/${conversationId}/messages`, data: { text }, headers }),
      ).then((r) => r.message),
    ),
    /** Read up to `upTo`, the last message the page showed (without it: the conversation's last). */
    markRead: withSession((conversationId: number, upTo?: number) =>
      call<void>({ method: 'POST', url: `/conversations/${conversationId}/read`, ...(upTo === undefined ? {} : { data: { upTo } }) }),
    ),
    /** Blocks the other person of the conversation, in every listing and conversation of the two. */
    block: withSession((conversationId: number) => call<void>({ method: 'POST', url: `/conversations/${conversationId}/block` })),
    /** The people I blocked, the most recent first. */
    blockedMembers: withSession((page: PageRequest = {}) =>
      call<{ members: BlockedMember[] } & CursorPage>({ url: '/me/blocked-members', params: pageParams(page), signal: page.signal }),
    ),
    unblock: withSession((userId: number) => call<void>({ method: 'DELETE', url: `/me/blocked-members/${userId}` })),
    /** A single-use ticket for `EventSource`, which cannot send the Bearer header. */
    eventsTicket: withSession(() => call<{ ticket: string }>({ method: 'POST', url: '/me/events/ticket' }).then((r) => r.ticket)),
    review: withSession((applicationId: number, review: { rating: number; text?: string }) =>
      createOnce((headers) =>
        call<{ review: Review }>({ method: 'POST', url: `/applications/${applicationId}/reviews`, data: review, headers }),
      ).then((r) => r.review),
    ),
    reply: withSession((reviewId: number, text: string) =>
      call<{ reply: ReviewReply }>({ method: 'POST', url: `/reviews/${reviewId}/reply`, data: { text } }).then((r) => r.reply),
    ),
    reportReview: withSession((reviewId: number, report: { reason: ReportReason; note?: string }) =>
      call<{ reported: true }>({ method: 'POST', url: `/reviews/${reviewId}/reports`, data: report }),
    ),
    reportMessage: withSession((messageId: number, report: { reason: ReportReason; note?: string }) =>
      call<{ reported: true }>({ method: 'POST', url: `/messages/${messageId}/reports`, data: report }),
    ),
    profile: (userId: number | string, signal?: AbortSignal) =>
      call<UserProfile>({ url: `/users/${encodeURIComponent(String(userId))}`, signal }),
    /** `page` from 1. */
    reviewsOf: (userId: number | string, page: number, signal?: AbortSignal) =>
      call<{ reviews: PublicReview[]; total: number }>({
        url: `/users/${encodeURIComponent(String(userId))}/reviews`,
        params: { page },
        signal,
      }),
  },
  places: (q: string, lang: Language, signal?: AbortSignal) =>
    call<{ places: PlaceSuggestion[] }>({ url: '/places', params: { q, language: lang }, signal }).then((r) => r.places),
  /** Tasks the typed text begins, in any language, named in `language`, with listings of the offer type now. */
  searchSuggestions: (q: string, language: Language, offerType: OfferType, signal?: AbortSignal) =>
    call<{ suggestions: SearchSuggestion[] }>({ url: '/search/suggestions', params: { q, language, offerType }, signal }).then(
      (r) => r.suggestions,
    ),
  /** Which release of each area this visitor is given now (their canary cookie counts), and where the remotes are. */
  currentReleases: (signal?: AbortSignal) => call<CurrentReleases>({ url: '/releases/current', signal }),
  /** A failure of the page's code, for the release's error rate (docs/releases.md); no personal data. */
  reportClientError: (report: ClientErrorReport) => call<void>({ method: 'POST', url: '/client-errors', data: report }),
};
