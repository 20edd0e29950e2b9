/**
 * Swipe on touch screens: a quick horizontal flick picks the jersey on the side it moves towards
 * (swipe left → the left jersey, swipe right → the right one), like pulling your pick to you.
 */
export interface SwipeOptions {
  /** Horizontal travel needed, in CSS pixels. */
  minDistance: number;
  /** How much more horizontal than vertical the move must be (so scrolling never votes). */
  minRatio: number;
  /** Longer presses are drags or reading, not flicks. */
  maxDurationMs: number;
}

export const SWIPE: SwipeOptions = { minDistance: 60, minRatio: 1.6, maxDurationMs: 800 };

export interface TouchPoint {
  x: number;
  y: number;
  /** Milliseconds, any clock, as long as start and end share it. */
  t: number;
}

export function detectSwipe(
  start: TouchPoint,
  end: TouchPoint,
  options: SwipeOptions = SWIPE,
): 'left' | 'right' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const dt = end.t - start.t;
  if (dt < 0 || dt > options.maxDurationMs) return null;
  if (Math.abs(dx) < options.minDistance) return null;
  if (Math.abs(dx) < Math.abs(dy) * options.minRatio) return null;
  return dx < 0 ? 'left' : 'right';
}
