import { messages } from '@manto/contracts';
import { describe, expect, it } from 'vitest';

// The grammar rules of docs/product.md §8, checked over every locale file and the server's messages.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every string of a locale file by its dotted key. */
function strings(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : strings(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

const bundles = Object.entries(files).map(([path, bundle]) => ({ path, texts: new Map(strings(bundle)) }));
const portuguese = bundles.filter(({ path }) => path.includes('/pt/'));
const PLURAL = /_(zero|one|other)$/;

describe('locale files', () => {
  it('every Portuguese text with "do" or "pelo" before a team has its da, dos and das forms', () => {
    const missing: string[] = [];
    for (const { path, texts } of portuguese) {
      for (const [key, value] of texts) {
        if (!/\b(do|pelo) \{\{team\}\}/.test(value)) continue;
        const plural = PLURAL.exec(key);
        const base = plural ? key.slice(0, plural.index) : key;
        for (const article of ['a', 'os', 'as']) {
          const variant = `${base}_${article}${plural ? plural[0] : ''}`;
          if (!texts.get(variant)?.includes('{{team}}')) missing.push(`${path}: ${variant}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every Portuguese plural has a zero form, so 0 never reads as singular ("0 camisa")', () => {
    const missing = portuguese.flatMap(({ path, texts }) =>
      [...texts.keys()]
        .filter((key) => key.endsWith('_one') && !texts.has(key.replace(/_one$/, '_zero')))
        .map((key) => `${path}: ${key}`),
    );
    const catalogue = Object.keys(messages.pt);
    missing.push(
      ...catalogue
        .filter((key) => key.endsWith('_one') && !catalogue.includes(key.replace(/_one$/, '_zero')))
        // The server's counts of things that exist start at 1 (votes a jersey has, jerseys using a record…).
        .filter((key) => !/^(IN_USE|HAS_VOTES|IN_TOURNAMENT|TOO_MANY_REQUESTS|FEEDBACK_RATE_LIMITED)_/.test(key)),
    );
    expect(missing).toEqual([]);
  });

  it('no text counts with "(s)": plurals go through plural forms', () => {
    const all = [
      ...bundles.flatMap(({ path, texts }) => [...texts].map(([key, value]) => [`${path}: ${key}`, value])),
      ...Object.entries(messages).flatMap(([language, table]) =>
        Object.entries(table).map(([key, value]) => [`messages.${language}: ${key}`, value]),
      ),
    ];
    expect(all.filter(([, value]) => /\w\((s|es)\)/.test(value!)).map(([where]) => where)).toEqual([]);
  });
});
