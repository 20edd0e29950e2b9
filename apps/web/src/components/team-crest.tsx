import { Avatar } from '@mantine/core';
import type { TeamSummary } from '@manto/contracts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

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
      {initials(team.name)}
    </Avatar>
  );
}
