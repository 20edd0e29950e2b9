import type { VoteOutcome } from '@manto/contracts';

/** The arrows and what they answer (docs/ranking.md §7): ← left, → right, ↑ tie, ↓ both bad. */
export const KEY_OUTCOMES = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'tie',
  ArrowDown: 'both_bad',
} as const satisfies Record<string, Exclude<VoteOutcome, 'skip'>>;

export type KeyOutcome = (typeof KEY_OUTCOMES)[keyof typeof KEY_OUTCOMES];

/** The key that answers each outcome, for `aria-keyshortcuts` and the visible hints. */
export const OUTCOME_KEYS: Record<KeyOutcome, keyof typeof KEY_OUTCOMES> = {
  left: 'ArrowLeft',
  right: 'ArrowRight',
  tie: 'ArrowUp',
  both_bad: 'ArrowDown',
};

/** What the hints show for each key. */
export const KEY_GLYPHS: Record<keyof typeof KEY_OUTCOMES, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
};

export interface KeyLike {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target?: EventTarget | null;
}

/** Elements where the arrows already mean something: typing, choosing, menus and dialogs. */
const OWNS_ARROWS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"], [role="menuitem"], [role="listbox"], [role="option"], [role="combobox"], [role="slider"], [role="tablist"], [role="radiogroup"], [role="dialog"]';

function ownsArrows(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest(OWNS_ARROWS) !== null;
}

/**
 * The outcome a key press answers, or null when the press is not for the duel: another key, a
 * modifier held (browser shortcuts), a held-down repeat (one press, one vote), or focus in a
 * control that uses the arrows itself.
 */
export function outcomeForKey(event: KeyLike): KeyOutcome | null {
  if (event.defaultPrevented || event.repeat) return null;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (!Object.hasOwn(KEY_OUTCOMES, event.key)) return null;
  if (ownsArrows(event.target)) return null;
  return KEY_OUTCOMES[event.key as keyof typeof KEY_OUTCOMES];
}
