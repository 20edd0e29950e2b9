import { Avatar } from '@mantine/core';
import type { TeamSummary } from '@manto/contracts';
import { recordInitials } from '#lib/initials.ts';
import { localName } from '#lib/names.ts';

/** The team's crest image, or its initials on its base colour. */
export function TeamCrest({
  team,
  size = 48,
}: {
  team: Pick<TeamSummary, 'name' | 'baseColor' | 'crest'>;
  size?: number;
}) {
  if (team.crest) return <Avatar src={team.crest.src} alt="" size={size} radius="xl" />;
  return (
    <Avatar
      size={size}
      radius="xl"
      aria-hidden
      variant="filled"
      color={team.baseColor}
      autoContrast
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      {recordInitials(localName(team))}
    </Avatar>
  );
}
