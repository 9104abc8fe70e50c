import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageRoute } from '@tasko/shared';
import { hasRemoteEntryLoaded } from './remotes';

type PageComponent = ComponentType<Record<string, never>>;

const pages = new Map<string, LazyExoticComponent<PageComponent>>();

function keyOf(route: PageRoute): string {
  return `${route.remote}/${route.module}`;
}

/** One lazy component per exposed page, so React keeps it between visits. */
export function remotePage(route: PageRoute): LazyExoticComponent<PageComponent> {
  const key = keyOf(route);
  let page = pages.get(key);
  if (!page) {
    page = lazy(async () => {
      try {
        const module = await loadRemote<{ default: PageComponent }>(key);
        if (!module?.default) throw new Error(`${key} exposes no default component`);
        return module;
      } catch (error) {
        // A failed load must not stick: the retry button asks for a fresh lazy component.
        pages.delete(key);
        throw error;
      }
    });
    pages.set(key, page);
  }
  return page;
}

/** For the retry button: forget the failed page so the next render loads it again, or reload the page. */
export function retryRemotePage(route: PageRoute): void {
  pages.delete(keyOf(route));
  if (!hasRemoteEntryLoaded(route.remote)) window.location.reload();
}
