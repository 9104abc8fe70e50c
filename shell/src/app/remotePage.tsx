import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageRoute } from '@tasko/shared';
import { federationWatch } from './federation';
import { isHintedByPage, registerRemoteAgain } from './remotes';
import { reloadPage } from './reloadPage';

type PageComponent = ComponentType<Record<string, never>>;

const pages = new Map<string, LazyExoticComponent<PageComponent>>();

function keyOf(route: PageRoute): string {
  return `${route.remote}/${route.module}`;
}

/**
 * How long a page may take to arrive before the reader is told it failed (and offered "Try again"): a remote
 * that hangs would otherwise leave the loading state up until the browser gives up on the script.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

function withinTime<T>(loading: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not arrive within ${ms} ms`), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}

/** What a page's loader threw: its code could not be fetched or started (the runtime's, the timeout's, a skew). */
const loadFailures = new WeakSet<object>();

/** The page's code never ran (as opposed to a page that threw while rendering): the error came from its load. */
export function isPageLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadFailures.has(error);
}

/**
 * Forgets the remote's pages, so the next render of each loads it anew: the remote was registered at another
 * release's entry (docs/releases.md).
 */
export function forgetRemotePages(remote: PageRoute['remote']): void {
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
}

/** One lazy component per exposed page, so React keeps it between visits. */
export function remotePage(route: PageRoute): LazyExoticComponent<PageComponent> {
  const key = keyOf(route);
  let page = pages.get(key);
  if (!page) {
    page = lazy(async () => {
      try {
        const module = await withinTime(loadRemote<{ default: PageComponent }>(key), REMOTE_LOAD_TIMEOUT_MS, key);
        if (!module?.default) throw new Error(`${key} exposes no default component`);
        forgetRetries(route);
        return module;
      } catch (error) {
        // A failed load must not stick: the retry button asks for a fresh lazy component.
        pages.delete(key);
        if (typeof error === 'object' && error !== null) loadFailures.add(error);
        throw error;
      }
    });
    pages.set(key, page);
  }
  return page;
}

/** Pages whose "Try again" failed once more in this tab (stored: the reload it leads to must not repeat). */
const RETRIED_KEY = 'tasko.retriedPages';

function retriedPages(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(RETRIED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * For "Try again": forget the failed page so the next render loads it again, in place, once the network is
 * back. A remote whose container never started (its entry failed, or the page refused it, as the federation
 * watch saw) is registered anew first, so its entry is fetched again rather than answered from the runtime's
 * memory of the failure; unless this page's HTML hinted its files, whose failed answers the browser keeps: then
 * the page reloads. A page whose retry fails the same way again gets one full reload (the remote may have been
 * released anew under it).
 */
export function retryRemotePage(route: PageRoute, error?: unknown): void {
  const key = keyOf(route);
  pages.delete(key);
  const containerStarted = federationWatch.hasContainerStarted(route.remote);
  if (!containerStarted && isHintedByPage(route.remote)) {
    reloadPage();
    return;
  }
  const retried = retriedPages();
  const failure = `${key}|${error instanceof Error ? error.name : ''}`;
  if (retried.includes(failure)) {
    sessionStorage.setItem(RETRIED_KEY, JSON.stringify(retried.filter((page) => page !== failure)));
    reloadPage();
    return;
  }
  sessionStorage.setItem(RETRIED_KEY, JSON.stringify([...retried, failure]));
  if (!containerStarted) registerRemoteAgain(route.remote);
}

/** A page that loaded: its next failure starts again with a retry in place. */
export function forgetRetries(route: PageRoute): void {
  const key = keyOf(route);
  const retried = retriedPages();
  if (retried.some((failure) => failure.startsWith(`${key}|`)))
    sessionStorage.setItem(RETRIED_KEY, JSON.stringify(retried.filter((failure) => !failure.startsWith(`${key}|`))));
}
