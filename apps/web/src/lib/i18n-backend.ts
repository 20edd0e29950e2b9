import type { BackendModule, ReadCallback, Services } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import ptCommon from '../../public/locales/pt/common.json';
import { FALLBACK_LANGUAGE } from './language.ts';

type Namespace = Record<string, unknown>;

/** The other Portuguese namespaces, each its own small chunk, fetched only when the file read fails. */
const ptChunks = import.meta.glob<Namespace>('../../public/locales/pt/*.json', { import: 'default' });

async function bundledPortuguese(ns: string): Promise<Namespace> {
  if (ns === 'common') return ptCommon;
  const chunk = ptChunks[`../../public/locales/pt/${ns}.json`];
  if (!chunk) throw new Error(`no bundled Portuguese for namespace ${ns}`);
  return chunk();
}

export interface RetryingOptions {
  loadPath: string;
  /** Retries after the first failed read of a file (docs/product.md §4: 5, from 350 ms, doubling). */
  retries: number;
  retryDelayMs: number;
}

/**
 * Reads /locales files over HTTP with the spec's retries, then falls back to the Portuguese texts
 * shipped in the bundle, so the shell never shows raw keys (docs/product.md §4).
 *
 * The retries live here rather than in i18next's connector: after its last retry the connector
 * leaves the namespace "not loaded" and the next page that asks for it starts a whole second round.
 * This backend answers every read once, with texts or a final error, so there is one round only;
 * and once a file failed through its retries, a page's later namespaces fall back after one try.
 * Another language that fails is reported failed; i18next then shows the Portuguese fallback.
 */
export class RetryingBackend implements BackendModule<RetryingOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private readonly http = new HttpBackend();
  private options: RetryingOptions = { loadPath: '', retries: 0, retryDelayMs: 0 };
  /** Set once a file failed through all its retries: later files get one try, not a new round. */
  private givenUp = false;

  init(services: Services, options: RetryingOptions): void {
    this.options = options;
    this.http.init(services, { loadPath: options.loadPath });
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    let attempt = 0;
    const attemptRead = () =>
      this.http.read(language, namespace, (err, data) => {
        if (!err) return callback(null, data);
        // i18next-http-backend's second argument says whether the failure is worth retrying (network, 5xx).
        if (data === true && !this.givenUp && attempt < this.options.retries) {
          setTimeout(attemptRead, this.options.retryDelayMs * 2 ** attempt++);
          return;
        }
        if (data === true) this.givenUp = true;
        if (language !== FALLBACK_LANGUAGE) return callback(err, false);
        bundledPortuguese(namespace).then(
          (texts) => callback(null, texts),
          () => callback(err, false),
        );
      });
    attemptRead();
  }
}
