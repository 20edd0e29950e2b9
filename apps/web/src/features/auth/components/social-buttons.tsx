import { Badge, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
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
 * Google, Facebook and Apple. An available provider is a plain link to the API's start URL (a
 * full page navigation); an unavailable one is a disabled button that says so.
 */
export function SocialButtons({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const providers = useQuery(providersQuery());

  if (providers.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        {SOCIAL_PROVIDERS.map((id) => (
          <Skeleton key={id} h={36} radius="md" />
        ))}
      </Stack>
    );
  }

  const available = new Set((providers.data ?? []).filter((p) => p.available).map((p) => p.id));
  return (
    <SimpleGrid cols={1} spacing="xs">
      {SOCIAL_PROVIDERS.map((id) => {
        const Icon = ICONS[id];
        const label = t('login.socialWith', { provider: NAMES[id] });
        return available.has(id) ? (
          <Button
            key={id}
            component="a"
            href={socialStartUrl(id, redirectTo)}
            variant="default"
            leftSection={<Icon size={18} stroke={1.6} />}
          >
            {label}
          </Button>
        ) : (
          <Button
            key={id}
            variant="default"
            disabled
            leftSection={<Icon size={18} stroke={1.6} />}
            rightSection={
              <Badge size="xs" variant="outline" color="gray">
                {t('login.unavailable')}
              </Badge>
            }
          >
            {label}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
