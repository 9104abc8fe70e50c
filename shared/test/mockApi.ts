import MockAdapter from 'axios-mock-adapter';
import { AxiosError, AxiosHeaders, type AxiosRequestConfig } from 'axios';
import { httpClient } from '../src/api/httpClient';

/** A request as it reached axios's adapter: what would leave the browser. */
export interface SentRequest {
  /** Upper case, as the server sees it. */
  method: string;
  /** The URL the server sees: the path under the API's origin and its query string. */
  url: string;
  headers: Record<string, string>;
  /** A JSON body as its text, a FormData as it is, or undefined. */
  body: unknown;
  /** The whole request config, for what the lines above do not say (its timeout). */
  config: AxiosRequestConfig;
}

/** A request the test answers when it chooses: meanwhile it can report upload progress, or lose the connection. */
export interface HeldRequest extends SentRequest {
  /** The browser's report of the body leaving; `total` undefined when it cannot tell the size. */
  progress(sent: number, total?: number): void;
  answer(status: number, data?: unknown): void;
  /** The connection lost before an answer. */
  drop(): void;
  /** The client aborted it (the page, or its own clock). */
  readonly isAborted: boolean;
}

/** How the server answers the next requests: at once, with no connection at all, or when the test says. */
export type ServerAnswer = { status: number; data?: unknown } | 'offline' | 'hold';

function sentOf(config: AxiosRequestConfig): SentRequest {
  const headers = config.headers instanceof AxiosHeaders ? config.headers.toJSON(true) : {};
  return {
    method: (config.method ?? 'get').toUpperCase(),
    url: httpClient.getUri(config),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
    body: config.data,
    config,
  };
}

/**
 * The API behind the site's axios instance for a test file or a describe block, at the adapter: everything
 * above it (interceptors, token, error mapping, timeouts' settings, aborts before sending) runs for real.
 * Every request is recorded in `sent`; `answerWith` says how the next ones are answered (200 `{}` unless told).
 */
export function installMockApi() {
  const sent: SentRequest[] = [];
  const held: HeldRequest[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const waitFor = (count: number) =>
    count <= sent.length ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
  let answer: ServerAnswer = { status: 200, data: {} };
  let server: MockAdapter | undefined;

  const hold = (config: AxiosRequestConfig, request: SentRequest) =>
    new Promise<[number, unknown]>((resolve, reject) => {
      const { signal } = config;
      held.push({
        ...request,
        progress: (loaded, total) =>
          config.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: total !== undefined, upload: true }),
        answer: (status, data) => resolve([status, data]),
        drop: () => reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
        get isAborted() {
          return signal?.aborted === true;
        },
      });
      // As the browser's adapter does: an aborted request ends at once, whatever the server does after.
      signal?.addEventListener?.('abort', () => reject(new AxiosError('Request aborted', AxiosError.ECONNABORTED)));
    });

  beforeAll(() => {
    server = new MockAdapter(httpClient);
    server.onAny().reply((config) => {
      const request = sentOf(config);
      sent.push(request);
      for (const wait of waiting.filter((w) => w.count <= sent.length)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
      if (answer === 'hold') return hold(config, request);
      if (answer === 'offline') return Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
      return [answer.status, answer.data];
    });
  });
  afterAll(() => server?.restore());
  beforeEach(() => {
    sent.length = 0;
    held.length = 0;
    waiting.length = 0;
    answer = { status: 200, data: {} };
  });

  return {
    sent,
    answerWith(next: ServerAnswer) {
      answer = next;
    },
    /**
     * Resolves once `count` requests have reached the adapter since the test began: a call leaves after
     * axios's interceptors, a few promise steps later, not at once.
     */
    reached: waitFor,
    /** The `number`th request held since the test began (1 for the first), once it has reached the adapter. */
    async held(number: number): Promise<HeldRequest> {
      await waitFor(number);
      const request = held[number - 1];
      if (!request) throw new Error(`request ${number} was answered at once, not held (answerWith('hold'))`);
      return request;
    },
    /** The newest held request, or a failure naming what was expected. */
    lastHeld(what = 'no request was sent'): HeldRequest {
      const request = held.at(-1);
      if (!request) throw new Error(what);
      return request;
    },
  };
}
