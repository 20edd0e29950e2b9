import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './after-answer.ts';

describe('after-answer work', () => {
  it('runs after the caller moved on, one task at a time in order, survives a failure, and drops beyond the cap', async () => {
    const queue = new AfterAnswer(pino({ level: 'silent' }), 3);
    const seen: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        seen.push(`${name} start`);
        await new Promise((r) => setTimeout(r, 5));
        seen.push(`${name} end`);
        if (fail) throw new Error('boom');
      };
    queue.run('a', task('a', true));
    queue.run('b', task('b'));
    queue.run('c', task('c'));
    queue.run('d', task('d'));
    // Nothing ran while the caller (the request) was still answering.
    expect(seen).toEqual([]);
    await queue.settled();
    expect(seen).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });
});
