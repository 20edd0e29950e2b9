import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { mantineCssByComponent } from './mantine-css-by-component.ts';

const transform = (id: string) => callHook(mantineCssByComponent(), 'transform', {}, 'export default {};', id);

describe('mantineCssByComponent', () => {
  it("puts the import of a component's layered stylesheet before its class names", () => {
    expect(transform('/work/node_modules/@mantine/core/esm/components/Button/Button.module.mjs')).toEqual({
      code: "import '@mantine/core/styles/Button.layer.css';\nexport default {};",
      map: null,
    });
    expect(transform('C:\\work\\node_modules\\@mantine\\core\\esm\\components\\Card\\Card.module.mjs?v=1')).toEqual({
      code: "import '@mantine/core/styles/Card.layer.css';\nexport default {};",
      map: null,
    });
    expect(transform('/work/node_modules/@mantine/notifications/esm/Notifications.module.mjs')).toEqual({
      code: "import '@mantine/notifications/styles.layer.css';\nexport default {};",
      map: null,
    });
  });

  it("leaves Mantine's other modules and everything else alone", () => {
    expect(transform('/work/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(transform('/work/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs')).toBeNull();
    expect(transform('/work/apps/web/src/components/interval-bar.module.css')).toBeNull();
  });

  it("maps each of the installed Mantine's class-name modules to a stylesheet the package has", () => {
    const require = createRequire(import.meta.url);
    const modules = ['@mantine/core', '@mantine/notifications'].flatMap((pkg) => {
      const esm = path.resolve(path.dirname(require.resolve(pkg)), '..', 'esm');
      return readdirSync(esm, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.module.mjs'))
        .map((file) => path.join(esm, file));
    });
    expect(modules.length).toBeGreaterThan(50);
    for (const module of modules) {
      const sheet = /^import '([^']+)';/.exec((transform(module) as { code: string } | null)?.code ?? '')?.[1];
      expect(sheet, module).toBeDefined();
      expect(() => require.resolve(sheet!), sheet).not.toThrow();
    }
  });
});
