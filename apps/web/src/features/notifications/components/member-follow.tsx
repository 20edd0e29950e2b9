import { Button } from '@mantine/core';
import type { MemberFollowProps } from '#lib/member-follow.ts';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { followsQuery, notificationKeys, setFollowing } from '../api/notifications-api.ts';
import { errorMessage } from '#lib/api-client.ts';
import { notifyError } from '#lib/notify.ts';

/** A member's follow toggle: pressed while they follow (FollowButton loads it for members only). */
export function MemberFollow({ kind, id, name }: MemberFollowProps) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const follows = useQuery(followsQuery());
  const following = follows.data?.items.some((f) => f.kind === kind && f.id === id) ?? false;
  const toggle = useMutation({
    mutationFn: () => setFollowing(kind, id, !following),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.follows() }),
    onError: (error) => notifyError(errorMessage(error, t('follow.failed'))),
  });
  const Icon = following ? IconBellCheck : IconBell;
  return (
    <Button
      variant={following ? 'filled' : 'light'}
      size="xs"
      leftSection={<Icon size={16} aria-hidden />}
      aria-label={t('follow.label', { name })}
      aria-pressed={following}
      loading={follows.isPending || toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
