import { messages } from '@manto/contracts';
import type { Resource } from 'i18next';

// Every locale file, bundled: for the server's drawings (entry-server.tsx) and the tests, which read the
// texts at once; the browser's app reads them over HTTP (lib/i18n.ts).
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace in both languages, with the contracts' error messages as 'errors'. */
export function bundledTexts(): Resource {
  const all: Resource = { pt: { errors: messages.pt }, en: { errors: messages.en } };
  for (const [path, bundle] of Object.entries(files)) {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (language && namespace) all[language] = { ...all[language], [namespace]: bundle };
  }
  return all;
}
