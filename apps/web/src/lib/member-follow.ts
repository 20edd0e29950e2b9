import type { FollowKind } from '@manto/contracts';
import type { ComponentType } from 'react';

export interface MemberFollowProps {
  kind: FollowKind;
  id: string;
  /** What is followed, for the button's label. */
  name: string;
}

type Loader = () => Promise<{ default: ComponentType<MemberFollowProps> }>;
let loader: Loader | null = null;

/**
 * The member's follow toggle is the notifications feature's, and the pages that show it (a jersey, a team, a
 * tournament) are other features', which may not import it: the app hands its loader over here at start.
 */
export function provideMemberFollow(load: Loader): void {
  loader = load;
}

export const memberFollowLoader = (): Loader | null => loader;
