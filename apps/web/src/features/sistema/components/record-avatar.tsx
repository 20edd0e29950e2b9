import { Avatar } from '@mantine/core';
import type { ImageRef } from '@manto/contracts';
import { recordInitials } from '#lib/initials.ts';

interface RecordAvatarProps {
  name: string;
  image: ImageRef | null;
  /** Background for the initials when there is no image (a team's base colour). */
  color?: string | undefined;
  size?: number;
}

/** A team crest or supplier logo, or the record's initials. Decorative: the name is beside it. */
export function RecordAvatar({ name, image, color, size = 36 }: RecordAvatarProps) {
  if (image) {
    return (
      <Avatar
        src={image.src}
        alt=""
        size={size}
        radius="sm"
        variant="default"
        styles={{ image: { objectFit: 'contain' } }}
      />
    );
  }
  return (
    <Avatar
      size={size}
      radius="xl"
      aria-hidden
      variant={color ? 'filled' : 'light'}
      color={color ?? 'gray'}
      autoContrast
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      {recordInitials(name)}
    </Avatar>
  );
}
