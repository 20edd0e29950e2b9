import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { useHydrating } from '#lib/hydrating.ts';

// Mantine's Popover, with Floating UI, is most of the 46 kB gzip 'ui' chunk; the table's two tips
// are its only use on the rankings, so it comes after the table, not with the page (docs/perf/first-screen.md).
const HelpPopover = lazy(() => import('./help-popover.tsx').then((m) => ({ default: m.HelpPopover })));

/** A small ⓘ button that opens an explanation: reachable by keyboard and touch, not hover only. */
export function HelpTip({ label, children }: { label: string; children: string }) {
  const button = (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
      <IconInfoCircle size={16} aria-hidden />
    </ActionIcon>
  );
  // A page the server drew has the plain button until the browser has taken it over (ADR 0038): the
  // popover's code is not waited for on either side.
  if (useHydrating()) return button;
  return (
    <Suspense fallback={button}>
      <HelpPopover label={label}>{children}</HelpPopover>
    </Suspense>
  );
}
