/**
 * A value loaded on demand and kept in memory: served as it is while younger than `maxAgeMs`, served
 * and refreshed in the background once older (a failed refresh keeps the old copy), and reloaded
 * before the next read after invalidate(). Concurrent readers share one load.
 */
export class Refreshing<T> {
  private current: { version: number; loadedAt: number; value: T } | null = null;
  private loading: Promise<T> | null = null;
  /** Bumped by invalidate(); a value loaded for an older version must be reloaded before use. */
  private wanted = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The next reader waits for a fresh copy. */
  invalidate(): void {
    this.wanted++;
  }

  async get(): Promise<T> {
    return this.ready() ?? this.reload();
  }

  /**
   * What get() would answer without waiting, when a copy is loaded and not invalidated (an old one is
   * refreshed in the background as by get()); otherwise undefined, and the caller awaits get(). For hot
   * paths, which then create no promise.
   */
  ready(): T | undefined {
    const c = this.current;
    if (!c || c.version < this.wanted) return undefined;
    if (this.now() - c.loadedAt >= this.maxAgeMs) void this.reload().catch(() => undefined);
    return c.value;
  }

  /** The value in memory, if any, without loading (for updates that only matter to a loaded copy). */
  peek(): T | null {
    return this.current?.value ?? null;
  }

  private reload(): Promise<T> {
    this.loading ??= this.fetch(this.wanted).finally(() => (this.loading = null));
    return this.loading;
  }

  private async fetch(version: number): Promise<T> {
    const value = await this.load();
    this.current = { version, loadedAt: this.now(), value };
    return value;
  }
}
