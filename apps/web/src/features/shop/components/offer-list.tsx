import { Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Offer } from '@manto/contracts';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OutboundLink } from '#components/outbound-link.tsx';
import { useMoney } from '#lib/money.ts';
import { useLocale } from '#lib/use-locale.ts';
import classes from './offer-list.module.css';

/** The partners' offers, cheapest first: a table on wider screens, one card per store on a phone. */
export function OfferList({ offers }: { offers: Offer[] }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const locale = useLocale();
  const sorted = [...offers].sort((a, b) => a.priceCents - b.priceCents);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const stock = (o: Offer) => (
    <Group gap={4} wrap="nowrap">
      {o.inStock ? (
        <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
      ) : (
        <IconCircleX size={16} color="var(--mantine-color-gray-6)" aria-hidden />
      )}
      <Text size="sm" c={o.inStock ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {o.inStock ? t('product.inStock') : t('product.outOfStock')}
      </Text>
    </Group>
  );

  return (
    <>
      <Table.ScrollContainer minWidth={560} visibleFrom="xs">
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('product.store')}</Table.Th>
              <Table.Th scope="col">{t('product.price')}</Table.Th>
              <Table.Th scope="col">{t('product.shipping')}</Table.Th>
              <Table.Th scope="col">{t('product.stock')}</Table.Th>
              <Table.Th scope="col">{t('product.updated')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('product.link')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Th scope="row" fw={600}>
                  {o.storeName}
                </Table.Th>
                <Table.Td className={classes.price}>{money(o.priceCents)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {o.shippingNote || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{stock(o)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {date(o.updatedAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <OutboundLink href={o.url} store={o.storeName} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sorted.map((o) => (
          <Card key={o.id} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="start">
              <Text fw={600}>{o.storeName}</Text>
              <Text className={classes.price}>{money(o.priceCents)}</Text>
            </Group>
            {o.shippingNote && (
              <Text size="sm" c="dimmed">
                {o.shippingNote}
              </Text>
            )}
            <Group justify="space-between" mt={6} gap="xs">
              {stock(o)}
              <Text size="xs" c="dimmed">
                {t('product.updatedOn', { date: date(o.updatedAt) })}
              </Text>
            </Group>
            <Stack mt="sm">
              <OutboundLink href={o.url} store={o.storeName} fullWidth />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
