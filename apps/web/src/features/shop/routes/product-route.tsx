import { Anchor, Badge, Breadcrumbs, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconShirtSport, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link, useParams } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { toLanguage } from '#lib/language.ts';
import { productQuery } from '../api/shop-api.ts';
import { OfferList } from '../components/offer-list.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { ProductPrice } from '../components/product-price.tsx';
import { RatingStars } from '../components/rating-stars.tsx';
import { DetailSkeleton } from '#components/detail-skeleton.tsx';

/** /loja/:productSlug — one product: pictures, sizes and colours, price, and the partners' offers. */
export function ProductRoute() {
  const { t, i18n } = useTranslation('shop');
  useDocumentTitle(t('common:nav.shop'));
  const lang = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { productSlug = '' } = useParams();
  const query = useQuery(productQuery(lang, productSlug));

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending) return <DetailSkeleton />;

  const p = query.data;
  const jersey = p.jersey;
  return (
    <Stack gap="xl">
      <Breadcrumbs>
        <Anchor component={Link} to="/loja">
          {t('product.breadcrumb')}
        </Anchor>
        <Text lineClamp={1}>{p.name}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductGallery images={p.images} name={p.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <div>
              <Group gap={6} mb={6}>
                <Badge variant="light" color="gray">
                  {t(`categories.${p.category}`)}
                </Badge>
                {p.isNew && <Badge color="manto">{t('card.new')}</Badge>}
              </Group>
              <Title order={1} fz={{ base: 28, md: 34 }} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Title>
              {(p.team || p.season) && (
                <Text c="dimmed">
                  {[p.team, p.season && t('product.season', { season: p.season })].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
            <RatingStars rating={p.rating} reviewsCount={p.reviewsCount} size={18} />
            <ProductPrice product={p} size="xl" />
            <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>
            {p.sizes.length > 0 && (
              <div>
                <Text fw={700} size="sm" mb={6} id="product-sizes">
                  {t('product.sizes')}
                </Text>
                <Group gap={6} component="ul" p={0} m={0} aria-labelledby="product-sizes" style={{ listStyle: 'none' }}>
                  {p.sizes.map(({ size, inStock }) => (
                    <Badge
                      key={size}
                      component="li"
                      size="lg"
                      radius="sm"
                      variant={inStock ? 'outline' : 'default'}
                      color="gray"
                      td={inStock ? undefined : 'line-through'}
                      c={inStock ? undefined : 'dimmed'}
                    >
                      <span aria-hidden={!inStock}>{size}</span>
                      {!inStock && <VisuallyHidden>{t('product.sizeOut', { size })}</VisuallyHidden>}
                    </Badge>
                  ))}
                </Group>
              </div>
            )}
            {p.colours.length > 0 && (
              <div>
                <Text fw={700} size="sm" mb={6} id="product-colours">
                  {t('product.colours')}
                </Text>
                <Group
                  gap={6}
                  component="ul"
                  p={0}
                  m={0}
                  aria-labelledby="product-colours"
                  style={{ listStyle: 'none' }}
                >
                  {p.colours.map((colour) => (
                    <Badge key={colour} component="li" size="lg" radius="sm" variant="light" color="gray">
                      {colour}
                    </Badge>
                  ))}
                </Group>
              </div>
            )}
            {jersey && (
              <Anchor
                component={Link}
                to={`/camisas/time/${encodeURIComponent(jersey.teamSlug)}/${encodeURIComponent(jersey.slug)}`}
              >
                <Group gap={6} wrap="nowrap" component="span">
                  <IconShirtSport size={18} aria-hidden />
                  {t('product.jersey', { label: jersey.label })}
                </Group>
              </Anchor>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <section aria-labelledby="product-offers">
        <Title order={2} id="product-offers" fz="xl" mb={4}>
          {t('product.offers')}
        </Title>
        <Group gap={6} mb="md" wrap="nowrap" c="dimmed">
          <IconTruckDelivery size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{t('product.offersNote')}</Text>
        </Group>
        {p.offers.length > 0 ? <OfferList offers={p.offers} /> : <Text c="dimmed">{t('product.noOffers')}</Text>}
      </section>
    </Stack>
  );
}
