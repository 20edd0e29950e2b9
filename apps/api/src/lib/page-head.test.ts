import { describe, expect, it } from 'vitest';
import {
  type PageHead,
  headMarkup,
  jsonForScript,
  languageFromQuery,
  languageUrl,
  structuredData,
} from './page-head.ts';

const head: PageHead = {
  title: 'Ranking do <Time> | Manto',
  description: 'Aspas " e & e \'',
  path: '/app/rankings/times/time',
  type: 'website',
  image: {
    path: '/api/share/ranking/time/pt-0123456789.png',
    width: 1200,
    height: 630,
    alt: 'A <b>',
    type: 'image/png',
  },
  breadcrumbs: [{ name: '</script><script>alert(1)</script>', path: '/app/rankings/times' }],
};

describe('head tags', () => {
  it('address a language: Portuguese at the bare path, English with ?lang=en', () => {
    expect(languageUrl('https://m.example', '/app/rankings', 'pt')).toBe('https://m.example/app/rankings');
    expect(languageUrl('https://m.example', '/app/rankings', 'en')).toBe('https://m.example/app/rankings?lang=en');
    expect(languageFromQuery('lang=en')).toBe('en');
    expect(languageFromQuery('torcida=x&lang=pt')).toBe('pt');
    expect(languageFromQuery('lang=fr')).toBeNull();
    expect(languageFromQuery(undefined)).toBeNull();
  });

  it('escape every text, in content and attributes', () => {
    const html = headMarkup(head, 'https://m.example', 'pt');
    expect(html).toContain('<title>Ranking do &#60;Time&#62; | Manto</title>');
    expect(html).toContain('content="Aspas &#34; e &#38; e &#39;"');
    expect(html).toContain('<meta property="og:image:alt" content="A &#60;b&#62;">');
    expect(html).not.toMatch(/<(Time|b)>/);
  });

  it('write JSON-LD that cannot end its script element, and reads back as the same data', () => {
    expect(jsonForScript({ a: '</script>&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
    const block = structuredData(head, 'https://m.example', 'en');
    const inner = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(block)![1]!;
    expect(inner).not.toMatch(/[<>]/);
    expect(JSON.parse(inner).itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: '</script><script>alert(1)</script>',
      item: 'https://m.example/app/rankings/times?lang=en',
    });
  });
});
