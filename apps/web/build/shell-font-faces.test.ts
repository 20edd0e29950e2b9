import { describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { shellFontFaces } from './shell-font-faces.ts';

function transform(files: string[]) {
  const plugin = shellFontFaces();
  callHook(plugin, 'configResolved', {}, { base: '/app/' });
  const bundle = Object.fromEntries(files.map((file) => [file, {}]));
  return callHook(plugin, 'transformIndexHtml', {}, '<html></html>', { bundle });
}

describe('shellFontFaces', () => {
  it("declares the shell's faces, under their hashed names, in a style tag in <head>", () => {
    expect(
      transform([
        'assets/index-abc.js',
        'assets/archivo-black-latin-400-normal-B_x1-y.woff2',
        'assets/archivo-black-latin-400-normal-B_x1-y.woff',
        'assets/play-latin-700-normal-Cd2.woff2',
        'assets/play-latin-400-normal-Ab1.woff2',
      ]),
    ).toEqual([
      {
        tag: 'style',
        injectTo: 'head',
        children:
          "@font-face{font-family:'Archivo Black';font-style:normal;font-display:swap;font-weight:400;src:url(/app/assets/archivo-black-latin-400-normal-B_x1-y.woff2) format('woff2')}" +
          "@font-face{font-family:'Play';font-style:normal;font-display:swap;font-weight:400;src:url(/app/assets/play-latin-400-normal-Ab1.woff2) format('woff2')}",
      },
    ]);
  });

  it('adds nothing when the build has none of those fonts', () => {
    expect(transform(['assets/index-abc.js', 'assets/play-latin-700-normal-Cd2.woff2'])).toEqual([]);
  });
});
