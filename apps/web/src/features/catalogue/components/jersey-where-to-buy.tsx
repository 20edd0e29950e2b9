import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jerseyOfferQuery } from '#api/shop.ts';
import { OutboundLink } from '#components/outbound-link.tsx';
import { shopEnabled } from '#lib/features.ts';
import { toLanguage } from '#lib/language.ts';
import { useMoney } from '#lib/money.ts';

/**
 * "Onde comprar": the shop's cheapest partner offer for this jersey, with its product page and the
 * store's link. Nothing with the shop off, while it loads, or when the shop does not sell the jersey.
 */
export function JerseyWhereToBuy({ jerseyId }: { jerseyId: string }) {
  const enabled = shopEnabled();
  const { t, i18n } = useTranslation('catalogue');
  const money = useMoney();
  const query = useQuery({ ...jerseyOfferQuery(toLanguage(i18n.resolvedLanguage), jerseyId), enabled });
  if (!enabled || !query.data) return null;
  const { productSlug, productName, offer } = query.data;
  return (
    <section aria-labelledby="jersey-where-to-buy">
      <Title order={2} id="jersey-where-to-buy" fz="xl" mb="md">
        {t('jersey.whereToBuy')}
      </Title>
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconBuildingStore size={22} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0}>
              <Text fw={700}>{t('jersey.offerFrom', { price: money(offer.priceCents), store: offer.storeName })}</Text>
              <Anchor component={Link} to={`/loja/${encodeURIComponent(productSlug)}`} size="sm">
                {t('jersey.compareOffers', { name: productName })}
              </Anchor>
            </Stack>
          </Group>
          <OutboundLink href={offer.url} store={offer.storeName} />
        </Group>
      </Paper>
    </section>
  );
}
