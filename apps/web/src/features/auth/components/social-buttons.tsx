import { Button, Divider, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { socialStartUrl } from '../api/auth-api.ts';
import { providersQuery } from '../api/queries.ts';

const ICONS: Record<SocialProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
  apple: IconBrandApple,
};
const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/**
 * Sign-in with the social providers the server has configured (Google, Facebook, Apple), each a plain
 * link to the API's start URL (a full page navigation), under an "ou" divider. None configured: nothing,
 * not buttons that cannot work.
 */
export function SocialButtons({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const providers = useQuery(providersQuery());
  const divider = <Divider label={t('login.or')} labelPosition="center" />;

  if (providers.isPending) {
    return (
      <Stack gap="md" aria-busy>
        {divider}
        <Skeleton h={36} radius="md" />
      </Stack>
    );
  }
  const available = SOCIAL_PROVIDERS.filter((id) => providers.data?.some((p) => p.id === id && p.available));
  if (available.length === 0) return null;
  return (
    <Stack gap="md">
      {divider}
      <SimpleGrid cols={1} spacing="xs">
        {available.map((id) => {
          const Icon = ICONS[id];
          return (
            <Button
              key={id}
              component="a"
              href={socialStartUrl(id, redirectTo)}
              variant="default"
              leftSection={<Icon size={18} stroke={1.6} />}
            >
              {t('login.socialWith', { provider: NAMES[id] })}
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
