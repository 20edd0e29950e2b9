import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ProductCard } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '#lib/money.ts';

/** The price after the discount; on sale, the old price struck through and the discount. */
export function ProductPrice({
  product,
  size = 'lg',
}: {
  product: Pick<ProductCard, 'priceCents' | 'discountPercent' | 'finalPriceCents'>;
  size?: 'lg' | 'xl';
}) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const onSale = product.discountPercent > 0;
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fw={800} fz={size === 'xl' ? 28 : 'lg'} style={{ whiteSpace: 'nowrap' }}>
        <VisuallyHidden>{t('card.price')} </VisuallyHidden>
        {money(product.finalPriceCents)}
      </Text>
      {onSale && (
        <>
          <Text component="s" size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{t('card.oldPrice')} </VisuallyHidden>
            {money(product.priceCents)}
          </Text>
          <Badge color="red" variant="light" size="sm">
            {t('card.discount', { percent: product.discountPercent })}
          </Badge>
        </>
      )}
    </Group>
  );
}
