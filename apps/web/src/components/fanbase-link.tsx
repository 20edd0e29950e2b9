import { Anchor, Text } from '@mantine/core';
import type { Segments } from '@manto/contracts';
import { Link } from 'react-router';

interface FanbaseLinkProps {
  team: { slug: string };
  segments: Segments | undefined;
  /** The link's text ("O que a torcida do X acha"). */
  link: string;
  /** The muted note when the fanbase has too few voters for its ranking to be shown. */
  note: (minVoters: number) => string;
}

/**
 * A team's fanbase ranking (docs/segments.md) from its pages: a link when the segment is shown, a muted
 * note otherwise; nothing until the segments are known.
 */
export function FanbaseLink({ team, segments, link, note }: FanbaseLinkProps) {
  if (!segments) return null;
  if (segments.fans.some((f) => f.team.slug === team.slug)) {
    return (
      <Anchor component={Link} to={`/rankings/torcidas/${team.slug}`} size="sm">
        {link}
      </Anchor>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {note(segments.minVoters)}
    </Text>
  );
}
