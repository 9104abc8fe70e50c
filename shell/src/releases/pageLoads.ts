// The page's loads, told to `POST /api/v1/page-loads` with the page's token once this document runs an area's
// code (docs/releases.md, "How a canary counts"): the server counts a page load only so, never for a GET that
// ran no script (a crawler's, a script's). Only while a canary runs (the page then carries `canary`), once per
// area and document, and only for the release the page was served with: after a move on to a newer release
// the tab runs code the token does not name. A beacon, sent even as the page goes away; its answer is not read.
import { runtimeConfig, type PageLoadReport, type ReleaseArea } from '@tasko/shared';
import { tabReleases } from './tabReleases';

const told = new Set<ReleaseArea>();

/** Tells the server that this document runs these areas' code (each once; nothing without a canary). */
export function tellPageLoads(areas: readonly ReleaseArea[]): void {
  const { canary, releases, apiOrigin } = runtimeConfig();
  if (!canary || typeof navigator.sendBeacon !== 'function') return;
  const fresh = [...new Set(areas)].filter(
    (area) => canary.areas.includes(area) && !told.has(area) && tabReleases.releaseOf(area) === releases?.[area],
  );
  if (!fresh.length) return;
  for (const area of fresh) told.add(area);
  const report: PageLoadReport = { token: canary.token, areas: fresh };
  try {
    navigator.sendBeacon(`${apiOrigin ?? ''}/api/v1/page-loads`, new Blob([JSON.stringify(report)], { type: 'application/json' }));
  } catch {
    // Counting is best effort: the page never fails for it.
  }
}
