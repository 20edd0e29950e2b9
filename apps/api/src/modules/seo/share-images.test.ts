import { describe, expect, it } from 'vitest';
import { ShareImages } from './share-images.ts';

describe('share images drawn one at a time', () => {
  it('rests after each drawing as long as it took, so drawings take half a core at most', async () => {
    let clock = 0;
    const rests: number[] = [];
    const order: string[] = [];
    const images = new ShareImages(
      1024,
      async (ms) => {
        rests.push(ms);
        order.push(`rest ${ms}`);
      },
      () => clock,
    );
    const drawing = (name: string, ms: number) => async () => {
      order.push(`draw ${name}`);
      clock += ms;
      return Buffer.from(name);
    };
    const [a, b] = await Promise.all([images.get('a', drawing('a', 40)), images.get('b', drawing('b', 25))]);
    expect([a.toString(), b.toString()]).toEqual(['a', 'b']);
    expect(order.slice(0, 3)).toEqual(['draw a', 'rest 40', 'draw b']);
    // From memory: no drawing, no rest.
    await images.get('a', drawing('again', 99));
    expect(images.stats()).toMatchObject({ hits: 1, renders: 2 });
    // A failed drawing rests too before the next.
    await expect(
      images.get('c', async () => {
        clock += 10;
        throw new Error('broken picture');
      }),
    ).rejects.toThrow('broken picture');
    await images.get('d', drawing('d', 5));
    expect(rests.slice(0, 3)).toEqual([40, 25, 10]);
  });
});
