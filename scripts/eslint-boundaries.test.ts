import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file at `file` (which need not exist) and returns the boundary errors. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'manto/boundaries').map((m) => m.message);
}

describe('manto/boundaries: a probe file importing against the direction fails lint, at any depth', () => {
  const against: [string, string][] = [
    ['apps/api/src/db/seed/deep/probe.ts', "import { x } from '#modules/duels/index.ts';"],
    ['apps/api/src/db/probe.ts', "import { x } from '../modules/rankings/service.ts';"],
    ['apps/api/src/lib/a/b/c/probe.ts', "import { x } from '../../../../modules/auth/index.ts';"],
    ['apps/api/src/lib/probe.ts', "import { x } from '#plugins/access.ts';"],
    ['apps/api/src/plugins/probe.ts', "export { x } from '#modules/auth/sessions.ts';"],
    ['apps/api/src/modules/duels/deep/er/probe.ts', "import { x } from '#modules/rankings/service.ts';"],
    ['apps/api/src/modules/duels/probe.ts', "import { x } from '../rankings/scopes.ts';"],
    ['apps/api/src/modules/teams/probe.ts', "const m = await import('#app.ts');"],
    ['apps/api/src/modules/teams/probe.ts', "import { x } from '#test/helpers.ts';"],
    [
      'apps/web/src/features/duels/components/deep/er/probe.tsx',
      "import { x } from '../../../../rankings/api/queries.ts';",
    ],
    ['apps/web/src/features/duels/probe.tsx', "import { x } from '#features/catalogue/routes/teams-route.tsx';"],
    ['apps/web/src/features/duels/probe.tsx', "import { x } from '#app/router.tsx';"],
    ['apps/web/src/components/layout/probe.tsx', "import { x } from '../../features/auth/api/hooks.ts';"],
    ['apps/web/src/lib/probe.ts', "import { x } from '#features/duels/lib/format.ts';"],
    // lib/ is the web's bottom layer; components/ and api/ sit side by side above it.
    ['apps/web/src/lib/probe.ts', "import { x } from '#api/keys.ts';"],
    ['apps/web/src/lib/deep/probe.ts', "import { x } from '../../components/empty-state.tsx';"],
    ['apps/web/src/api/probe.ts', "import { x } from '#components/empty-state.tsx';"],
    ['apps/web/src/components/probe.tsx', "import { x } from '../api/keys.ts';"],
  ];
  it.each(against)('%s: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  const along: [string, string][] = [
    ['apps/api/src/modules/duels/deep/probe.ts', "import { x } from '#modules/rankings/index.ts';"],
    ['apps/api/src/modules/duels/deep/probe.ts', "import { x } from '../service.ts';"],
    ['apps/api/src/modules/duels/probe.ts', "import { x } from '#lib/scopes.ts'; import { y } from '#db/client.ts';"],
    ['apps/api/src/plugins/probe.ts', "import { x } from '#db/client.ts'; import { y } from '#lib/app-error.ts';"],
    ['apps/api/src/app.ts', "import { x } from '#modules/duels/service.ts';"],
    ['apps/api/src/modules/duels/duels.int.test.ts', "import { x } from '#modules/rankings/job.ts';"],
    ['apps/web/src/features/duels/a/b/probe.tsx', "import { x } from '../../components/duel-board.tsx';"],
    ['apps/web/src/features/duels/probe.tsx', "import { x } from '#components/empty-state.tsx';"],
    ['apps/web/src/app/router.tsx', "import { x } from '#features/duels/routes/global-duel-route.tsx';"],
    ['apps/web/src/api/probe.ts', "import { x } from '#lib/api.ts';"],
    ['apps/web/src/components/probe.tsx', "import { x } from '../lib/api.ts';"],
  ];
  it.each(along)('allowed: %s: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
