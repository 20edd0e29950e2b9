import { describe, expect, it } from 'vitest';
import { colourName } from './colour-names.ts';

describe('colourName', () => {
  it.each([
    ['#EAB308', 'Amarelo', 'Yellow'],
    ['#C8102E', 'Vermelho', 'Red'],
    ['#7A0026', 'Grená', 'Maroon'],
    ['#006437', 'Verde-escuro', 'Dark green'],
    ['#0D80BF', 'Azul', 'Blue'],
    ['#002868', 'Azul-marinho', 'Navy blue'],
    ['#FFFFFF', 'Branco', 'White'],
    ['#111111', 'Preto', 'Black'],
    ['#FE0000', 'Vermelho', 'Red'],
  ])('%s reads as %s / %s', (hex, pt, en) => {
    expect(colourName(hex, 'pt')).toBe(pt);
    expect(colourName(hex.toLowerCase(), 'en-GB')).toBe(en);
  });

  it('leaves what is not a #RRGGBB colour as it is', () => {
    expect(colourName('red', 'pt')).toBe('red');
  });
});
