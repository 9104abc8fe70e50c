/**
 * The browser's XMLHttpRequest as the API client's upload path uses it, driven by a test: `progress`, `answer`
 * and `drop` stand for the browser's events. Every request sent is kept in `FakeXhr.sent`, newest last.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** Told of each request as it is sent (a test can record it with its fetch calls). */
  static onSend: ((xhr: FakeXhr) => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  wasAborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: ((event: ProgressEvent) => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }
  abort() {
    this.wasAborted = true;
    this.onabort?.();
  }
  /** The browser's report of the body leaving, then of all of it gone (`load`). */
  progress(loaded: number, total: number, isComputable = true) {
    const event = { loaded, total, lengthComputable: isComputable } as ProgressEvent;
    if (loaded >= total && isComputable) this.upload.onload?.(event);
    else this.upload.onprogress?.(event);
  }
  answer(status: number, data?: unknown) {
    this.status = status;
    this.responseText = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
    this.onload?.();
  }
  drop() {
    this.onerror?.();
  }
}

/** The newest request sent (of the class the test installed), or a failure naming what was expected. */
export function lastXhr<T extends FakeXhr = FakeXhr>(what = 'nothing was sent by XMLHttpRequest'): T {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error(what);
  return xhr as T;
}

/**
 * Puts the fake (or a test's subclass of it) in the browser's place for a test file or a describe block, and
 * forgets what was sent before each test.
 */
export function installFakeXhr(fake: typeof FakeXhr = FakeXhr): void {
  const realXhr = globalThis.XMLHttpRequest;
  beforeAll(() => {
    // Only what the client uses of it; a cast, as the fake does not implement the whole browser interface.
    globalThis.XMLHttpRequest = fake as unknown as typeof XMLHttpRequest;
  });
  afterAll(() => {
    globalThis.XMLHttpRequest = realXhr;
    FakeXhr.onSend = null;
  });
  beforeEach(() => {
    FakeXhr.sent.length = 0;
  });
}
