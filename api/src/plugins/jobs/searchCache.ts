import type { ListingPage } from '@tasko/shared/domain';

/**
 * A micro-cache for public searches: the same query within `ttlMs` is answered from memory. Every write
 * in this instance clears it; another instance's write shows here within `ttlMs` at worst, which a listing
 * page can afford and which lets one instance serve thousands of visitors a second.
 */
export class SearchCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    // Concurrent requests for the same key share one query.
    const value = load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The one cache of public search answers: the listing routes fill it, every write (moderation too) clears it. */
export type PublicSearchCache = SearchCache<ListingPage>;
