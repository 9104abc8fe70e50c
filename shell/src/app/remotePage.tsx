import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageRoute } from '@tasko/shared';
import { hasRemoteEntryLoaded } from './remotes';
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

/**
 * The federation runtime's refusal of a remote built against a newer `@tasko/shared` (or React…) than the page
 * runs, e.g. "Version 1.0.0 from shell of shared singleton module @tasko/shared does not satisfy the
 * requirement of mfe_content which needs ^1.1.0)".
 */
const SKEW = /Version (\S+) from (\S+) of shared singleton module (\S+) does not satisfy the requirement of (\S+) which needs ([^\s)]+)/;

/** A remote that needs another version of a shared module than the page has: said in full, for whoever releases. */
export class VersionSkewError extends Error {
  override name = 'VersionSkewError';
}

function clearerError(error: unknown): unknown {
  const skew = error instanceof Error ? SKEW.exec(error.message) : null;
  if (!skew) return error;
  const [, provided, provider, module, remote, needed] = skew;
  return new VersionSkewError(
    `${remote} needs ${module} ${needed}, but this page runs ${module} ${provided} from ${provider}: release ${provider} with ${module} ${needed?.replace(/^\^/, '')} or newer first, or roll ${remote} back`,
  );
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
        throw clearerError(error);
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
 * back. A page whose retry fails the same way again gets one full reload (the remote may have been
 * released anew under it); a remote whose entry never loaded is reloaded at once (the federation runtime
 * keeps a failed entry).
 */
export function retryRemotePage(route: PageRoute, error?: unknown): void {
  const key = keyOf(route);
  pages.delete(key);
  const retried = retriedPages();
  const failure = `${key}|${error instanceof Error ? error.name : ''}`;
  if (!hasRemoteEntryLoaded(route.remote)) {
    reloadPage();
  } else if (retried.includes(failure)) {
    sessionStorage.setItem(RETRIED_KEY, JSON.stringify(retried.filter((page) => page !== failure)));
    reloadPage();
  } else {
    sessionStorage.setItem(RETRIED_KEY, JSON.stringify([...retried, failure]));
  }
}

/** A page that loaded: its next failure starts again with a retry in place. */
export function forgetRetries(route: PageRoute): void {
  const key = keyOf(route);
  const retried = retriedPages();
  if (retried.some((failure) => failure.startsWith(`${key}|`))) sessionStorage.setItem(RETRIED_KEY, JSON.stringify(retried.filter((failure) => !failure.startsWith(`${key}|`))));
}
