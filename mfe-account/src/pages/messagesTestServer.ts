import { installMockApi, type HeldRequest } from '../../../shared/test/mockApi';

// The API behind the messages pages' tests: every request leaves through the real client (its URL, body,
// session and error mapping) and is answered by the routes a test gives, at axios's adapter (mockApi).

export interface Answer {
  status: number;
  data?: unknown;
}

/** A request as a route sees it: its method, its path under /api/v1, its query and its JSON body. */
export interface ServedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer, or 'hold': the test answers it itself (`server.waitingFor`), when it chooses. */
export type Route = (request: ServedRequest) => Answer | 'hold';

const NOT_FOUND: Answer = { status: 404, data: { statusCode: 404, messageKey: 'notFound' } };

function servedOf(request: HeldRequest): ServedRequest {
  const url = new URL(request.url, 'http://api.test');
  const body = typeof request.body === 'string' && request.body ? (JSON.parse(request.body) as unknown) : undefined;
  return { method: request.method, path: url.pathname.replace(/^\/api\/v1/, ''), query: url.searchParams, body };
}

export function installMessagesServer() {
  const server = installMockApi();
  let routes = new Map<string, Route>();
  let waiting: { request: ServedRequest; held: HeldRequest }[] = [];
  /** Tests waiting for a held request: told each time one is held. */
  let onHeld: (() => void)[] = [];
  let answered: ServedRequest[] = [];
  let run = { isStopped: false };

  beforeEach(() => {
    routes = new Map();
    waiting = [];
    onHeld = [];
    answered = [];
    server.answerWith('hold');
    const thisRun = { isStopped: false };
    run = thisRun;
    void (async () => {
      for (let number = 1; ; number++) {
        const held = await server.held(number);
        if (thisRun.isStopped) return;
        const request = servedOf(held);
        const answer = routes.get(`${request.method} ${request.path}`)?.(request) ?? NOT_FOUND;
        answered.push(request);
        if (answer === 'hold') {
          waiting.push({ request, held });
          for (const tell of onHeld.splice(0)) tell();
        } else held.answer(answer.status, answer.data);
      }
    })();
  });
  afterEach(() => {
    run.isStopped = true;
  });

  return {
    /** `route` answers `method path` (the path exact, under /api/v1) from now on in this test. */
    on(method: string, path: string, route: Route | Answer) {
      routes.set(`${method} ${path}`, typeof route === 'function' ? route : () => route);
    },
    /** The requests that reached the server in this test, in order, whatever their answer. */
    requests(method?: string, path?: string): ServedRequest[] {
      return answered.filter((request) => (!method || request.method === method) && (!path || request.path === path));
    },
    /**
     * The oldest request still held for `method path`, once it has arrived: woken by each held request, not
     * by a clock, so a slow machine only makes it later. One never sent ends the test at its timeout.
     */
    async waitingFor(method: string, path: string): Promise<HeldRequest & { served: ServedRequest }> {
      for (;;) {
        const index = waiting.findIndex(({ request }) => request.method === method && request.path === path);
        const found = waiting[index];
        if (found) {
          waiting.splice(index, 1);
          return Object.assign(found.held, { served: found.request });
        }
        await new Promise<void>((resolve) => onHeld.push(resolve));
      }
    },
  };
}

/** An error answer as the API writes it. */
export function failure(status: number, messageKey: string): Answer {
  return { status, data: { statusCode: status, messageKey } };
}
