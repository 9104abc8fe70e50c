import type { DealEventMap, DealEventType } from '../src/domain/deal';
import type { StreamSource, TabChannel } from '../src/events/eventStream';

// jsdom has no EventSource, BroadcastChannel or Web Locks: small stand-ins for the event stream's tests
// (shared/src/events), each doing what the browser does that the stream relies on, and no more.

/** The server's end of one EventSource: the test opens it, sends events on it, or drops it. */
export class FakeEventSource implements StreamSource {
  static opened: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.isClosed = true;
  }

  open() {
    this.onopen?.(new Event('open'));
  }

  send<T extends DealEventType>(type: T, data: DealEventMap[T], id: string) {
    this.sendText(type, JSON.stringify(data), id);
  }

  /** An event's data as the server wrote it, readable or not. */
  sendText(type: DealEventType, text: string, id: string) {
    if (this.isClosed) throw new Error('the stream is closed');
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: text, lastEventId: id }));
  }

  /** The connection dropped, or the server refused it: EventSource reports both as an error. */
  fail() {
    this.onerror?.(new Event('error'));
  }

  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url, 'https://tasko.test').searchParams);
  }
}

/** One exclusive lock name, granted in the order asked; a request aborted while it waits is dropped. */
export class FakeLocks {
  isHeld = false;
  private waiting: { granted: () => Promise<void>; settle: (value: unknown) => void; refuse: (reason: unknown) => void }[] = [];

  request(_name: string, { signal }: { signal: AbortSignal }, granted: () => Promise<void>): Promise<unknown> {
    return new Promise((settle, refuse) => {
      const request = { granted, settle, refuse };
      signal.addEventListener('abort', () => {
        const at = this.waiting.indexOf(request);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        refuse(new DOMException('The request was aborted.', 'AbortError'));
      });
      this.waiting.push(request);
      this.grantNext();
    });
  }

  private grantNext() {
    const next = this.isHeld ? undefined : this.waiting.shift();
    if (!next) return;
    this.isHeld = true;
    void Promise.resolve()
      .then(() => next.granted())
      .then(next.settle, next.refuse)
      .finally(() => {
        this.isHeld = false;
        this.grantNext();
      });
  }
}

/** BroadcastChannel: a copy of each message, later, to every other open channel of the name. */
export function channelsOfOneBrowser(): new (name: string) => TabChannel {
  const open = new Set<FakeChannel>();
  class FakeChannel implements TabChannel {
    onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(message: unknown) {
      const copy: unknown = JSON.parse(JSON.stringify(message));
      for (const other of open) {
        if (other === this || other.name !== this.name) continue;
        void Promise.resolve().then(() => open.has(other) && other.onmessage?.(new MessageEvent('message', { data: copy })));
      }
    }
    close() {
      open.delete(this);
    }
  }
  return FakeChannel;
}
