import { Badge, Card, Text } from '@mantine/core';
import type { ProductCard as Product } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import { useMoney } from '#lib/money.ts';
import { ProductPrice } from './product-price.tsx';
import { RatingStars } from './rating-stars.tsx';
import classes from './product-card.module.css';

export const productPath = (slug: string) => `/loja/${encodeURIComponent(slug)}`;

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  return (
    <Card component="article" withBorder radius="md" padding="sm" className={classes.card}>
      <div className={classes.media}>
        <JerseyImage image={product.image} alt="" sizes="(max-width: 600px) 45vw, 240px" priority={priority} />
        <div className={classes.badges}>
          {product.isNew && (
            <Badge size="sm" color="yellow.5" autoContrast>
              {t('card.new')}
            </Badge>
          )}
          {!product.inStock && (
            <Badge size="sm" color="dark.6" variant="filled">
              {t('card.outOfStock')}
            </Badge>
          )}
        </div>
      </div>
      <div className={classes.body}>
        <Text size="xs" c="dimmed" mt="sm" truncate>
          {product.team ?? t(`categories.${product.category}`)}
        </Text>
        <Text component="h2" fw={700} size="sm" m={0}>
          <Link to={productPath(product.slug)} className={classes.link}>
            {product.name}
          </Link>
        </Text>
        <RatingStars rating={product.rating} reviewsCount={product.reviewsCount} />
        <div className={classes.footer}>
          <ProductPrice product={product} />
          {product.bestOffer && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {t('card.from', { price: money(product.bestOffer.priceCents), store: product.bestOffer.storeName })}
            </Text>
          )}
        </div>
      </div>
    </Card>
  );
}
