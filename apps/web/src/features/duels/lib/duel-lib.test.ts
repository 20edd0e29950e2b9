import { describe, expect, it } from 'vitest';
import { ApiError, SessionEndedError } from '#lib/api-client.ts';
import { changeTone, crowdSplit, formatChange, formatRating, retryClock } from './format.ts';
import { outcomeForKey } from './keyboard.ts';
import { detectSwipe } from './swipe.ts';
import { holdBeforeSending, holdFor } from './timing.ts';
import { classifyVoteError } from './vote-errors.ts';

describe('keyboard mapping', () => {
  const target = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    return host.querySelector('[data-target]') ?? host.firstElementChild;
  };

  it('maps ← → ↑ ↓ to left, right, tie and both bad', () => {
    expect(outcomeForKey({ key: 'ArrowLeft' })).toBe('left');
    expect(outcomeForKey({ key: 'ArrowRight' })).toBe('right');
    expect(outcomeForKey({ key: 'ArrowUp' })).toBe('tie');
    expect(outcomeForKey({ key: 'ArrowDown' })).toBe('both_bad');
    expect(outcomeForKey({ key: 'Enter' })).toBeNull();
    expect(outcomeForKey({ key: 'toString' })).toBeNull();
  });

  it('ignores modified, repeated and already handled presses', () => {
    expect(outcomeForKey({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowLeft', ctrlKey: true })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowLeft', metaKey: true })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowLeft', shiftKey: true })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowLeft', repeat: true })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowLeft', defaultPrevented: true })).toBeNull();
  });

  it('leaves the arrows to fields, menus, listboxes and dialogs', () => {
    expect(outcomeForKey({ key: 'ArrowLeft', target: target('<input data-target />') })).toBeNull();
    expect(outcomeForKey({ key: 'ArrowUp', target: target('<textarea data-target></textarea>') })).toBeNull();
    expect(
      outcomeForKey({ key: 'ArrowDown', target: target('<div role="menu"><button data-target>x</button></div>') }),
    ).toBeNull();
    expect(
      outcomeForKey({ key: 'ArrowDown', target: target('<div role="dialog"><p data-target>x</p></div>') }),
    ).toBeNull();
    expect(
      outcomeForKey({ key: 'ArrowLeft', target: target('<div contenteditable="true" data-target></div>') }),
    ).toBeNull();
    // A focused duel button or the page body still votes.
    expect(outcomeForKey({ key: 'ArrowRight', target: target('<button data-target>x</button>') })).toBe('right');
    expect(outcomeForKey({ key: 'ArrowRight', target: document.body })).toBe('right');
  });
});

describe('swipe detection', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, t });

  it('a quick horizontal flick picks the side it moves towards', () => {
    expect(detectSwipe(at(200, 300, 0), at(110, 310, 200))).toBe('left');
    expect(detectSwipe(at(100, 300, 0), at(200, 290, 250))).toBe('right');
  });

  it('short moves, vertical scrolls, diagonal moves and slow drags are not swipes', () => {
    expect(detectSwipe(at(200, 300, 0), at(160, 300, 100))).toBeNull();
    expect(detectSwipe(at(200, 300, 0), at(190, 100, 200))).toBeNull();
    expect(detectSwipe(at(200, 300, 0), at(120, 240, 200))).toBeNull();
    expect(detectSwipe(at(200, 300, 0), at(50, 300, 1500))).toBeNull();
    expect(detectSwipe(at(200, 300, 100), at(50, 300, 50))).toBeNull();
  });
});

describe('result formatting', () => {
  it('formats rating changes with a sign and a real minus', () => {
    expect(formatChange(12)).toBe('+12');
    expect(formatChange(11.6)).toBe('+12');
    expect(formatChange(-12.2)).toBe('\u221212');
    expect(formatChange(0.3)).toBe('±0');
    expect(formatChange(-0.4)).toBe('±0');
    // Both sides of one vote move by the same amount: −17.5 and +17.5 must read alike.
    expect(formatChange(-17.5)).toBe('\u221218');
    expect(formatChange(17.5)).toBe('+18');
    expect(changeTone(3)).toBe('up');
    expect(changeTone(-3)).toBe('down');
    expect(changeTone(0.2)).toBe('flat');
    expect(formatRating(1011.6)).toBe('1012');
  });

  it('splits the crowd into whole percentages that add up to 100', () => {
    expect(crowdSplit({ leftWins: 1, ties: 1, rightWins: 1 })).toEqual({ total: 3, left: 34, ties: 33, right: 33 });
    expect(crowdSplit({ leftWins: 7, ties: 0, rightWins: 3 })).toEqual({ total: 10, left: 70, ties: 0, right: 30 });
    expect(crowdSplit({ leftWins: 0, ties: 0, rightWins: 0 })).toEqual({ total: 0, left: 0, ties: 0, right: 0 });
    expect(crowdSplit({ leftWins: 2, ties: 1, rightWins: 4 })).toEqual({ total: 7, left: 29, ties: 14, right: 57 });
    for (const [l, t, r] of [
      [1, 2, 3],
      [5, 0, 1],
      [13, 7, 11],
      [1, 0, 0],
    ] as const) {
      const s = crowdSplit({ leftWins: l, ties: t, rightWins: r });
      expect(s.left + s.ties + s.right).toBe(100);
    }
  });
});

describe('vote timing', () => {
  it('holds a vote 50 ms past the server’s minimum: 750 ms for the default 700, 150 ms for 100', () => {
    expect(holdFor(700)).toBe(750);
    expect(holdFor(100)).toBe(150);
    expect(holdFor(0)).toBe(50);
    expect(holdFor(-5)).toBe(50);
  });

  it('holds a vote made before the hold until the hold has passed', () => {
    const min = holdFor(700);
    expect(holdBeforeSending(1000, 1000, min)).toBe(750);
    expect(holdBeforeSending(1000, 1300, min)).toBe(450);
    expect(holdBeforeSending(1000, 1749.5, min)).toBe(1);
    expect(holdBeforeSending(1000, 1750, min)).toBe(0);
    expect(holdBeforeSending(1000, 5000, min)).toBe(0);
    expect(holdBeforeSending(1000, 1100, holdFor(100))).toBe(50);
    // A clock that went backwards waits the whole time rather than risk a refusal.
    expect(holdBeforeSending(1000, 900, min)).toBe(750);
  });
});

describe('vote errors', () => {
  it('loads a fresh duel after the duel refusals, with the server message', () => {
    for (const code of ['INVALID_DUEL', 'DUEL_NOT_YOURS', 'DUEL_EXPIRED', 'DUEL_ALREADY_ANSWERED', 'VOTE_TOO_FAST']) {
      expect(classifyVoteError(new ApiError(400, code, `msg ${code}`))).toEqual({
        action: 'fresh',
        message: `msg ${code}`,
      });
    }
  });

  it('says when to try again after a limit (429), with the Retry-After it came with (ADR 0028)', () => {
    expect(classifyVoteError(new ApiError(429, 'TOO_MANY_REQUESTS', 'Aguarde', {}, 30))).toEqual({
      action: 'limited',
      retryAfter: 30,
    });
    expect(classifyVoteError(new ApiError(429, 'TOO_MANY_REQUESTS', 'Aguarde'))).toEqual({
      action: 'limited',
      retryAfter: null,
    });
  });

  it('keeps the duel on a network failure and does nothing when the session ended', () => {
    expect(classifyVoteError(new ApiError(0, 'NETWORK_ERROR', null))).toEqual({ action: 'keep', message: null });
    expect(classifyVoteError(new SessionEndedError(null))).toEqual({ action: 'none' });
    expect(classifyVoteError(new Error('boom'))).toEqual({ action: 'fresh', message: null });
  });
});

describe('retry clock', () => {
  // 14:31:45 local time.
  const now = new Date(2026, 10, 27, 14, 31, 45).getTime();

  it('is Retry-After from now, rounded up to the next whole minute, as HH:MM in either language', () => {
    expect(retryClock(30, now, 'pt-BR')).toBe('14:33');
    expect(retryClock(30, now, 'en-GB')).toBe('14:33');
    expect(retryClock(15, now, 'pt-BR')).toBe('14:32');
    expect(retryClock(3600, now, 'en-GB')).toBe('15:32');
  });

  it('waits a minute when the refusal said nothing, and crosses midnight', () => {
    expect(retryClock(null, now, 'pt-BR')).toBe('14:33');
    expect(retryClock(120, new Date(2026, 10, 27, 23, 59, 30).getTime(), 'en-GB')).toBe('00:02');
  });
});
