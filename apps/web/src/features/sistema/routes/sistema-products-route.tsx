import { Badge, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCY,
  PRODUCT_CATEGORIES,
  PRODUCT_MANAGE_SORTS,
  STOCK_FILTERS,
  discountedCents,
  type ManageProduct,
  type StockFilter,
} from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { deleteProduct } from '../api/products-api.ts';
import { productListQuery } from '../api/queries.ts';
import { FilterSelect, useListParams } from '../components/list-controls.tsx';
import { EditProductForm, ProductForm } from '../components/product-form.tsx';
import { SistemaListScreen } from '../components/sistema-list-screen.tsx';
import { STOCK_PARAM } from '../lib/stock-param.ts';
import { oneOf } from '../lib/url-filters.ts';

/** URL parameter of the category filter. */
const CATEGORY_PARAM = 'categoria';

const STOCK_BADGES: Record<Exclude<StockFilter, 'in'>, string> = { low: 'yellow', out: 'red' };

/** /sistema/produtos — the shop's products (only with the shop on), filterable by category and stock. */
export function SistemaProductsRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const english = locale.startsWith('en');
  const list = useListParams('-updated');
  const stock = oneOf(STOCK_FILTERS, list.filter(STOCK_PARAM));
  const category = oneOf(PRODUCT_CATEGORIES, list.filter(CATEGORY_PARAM));
  const query = useQuery(
    productListQuery({
      search: list.query,
      page: list.page,
      sort: oneOf(PRODUCT_MANAGE_SORTS, list.sort),
      category,
      stock,
    }),
  );
  // Display only: the amounts themselves stay integer cents.
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
  const count = new Intl.NumberFormat(locale);
  const name = (product: ManageProduct) => (english ? product.nameEn : product.namePt);

  return (
    <SistemaListScreen<ManageProduct>
      resource="products"
      list={list}
      query={query}
      filtered={Boolean(stock || category)}
      filters={
        <>
          <FilterSelect
            list={list}
            param={CATEGORY_PARAM}
            label={t('products.categoryFilter')}
            all={t('products.all')}
            options={PRODUCT_CATEGORIES.map((value) => ({ value, label: t(`products.categories.${value}`) }))}
            value={category}
            w={180}
          />
          <FilterSelect
            list={list}
            param={STOCK_PARAM}
            label={t('products.stockFilter')}
            all={t('products.all')}
            options={STOCK_FILTERS.map((value) => ({ value, label: t(`products.stock.${value}`) }))}
            value={stock}
            w={180}
          />
        </>
      }
      name={name}
      minWidth={860}
      spacing="xs"
      columns={[
        {
          label: t('products.columns.image'),
          w: 72,
          card: 'media',
          cell: (product) => (
            <Box w={56}>
              <JerseyImage image={product.image} alt="" sizes="56px" />
            </Box>
          ),
        },
        {
          label: t('products.columns.name'),
          sort: 'name',
          card: 'title',
          cell: (product) => (
            <>
              <Text fw={700} size="sm">
                {name(product)}
              </Text>
              {product.featured && (
                <Badge size="xs" variant="light" mt={4}>
                  {t('products.fields.featured')}
                </Badge>
              )}
            </>
          ),
        },
        {
          label: t('products.columns.category'),
          cell: (product) => <Text size="sm">{t(`products.categories.${product.category}`)}</Text>,
        },
        {
          label: t('products.columns.price'),
          sort: 'price',
          cell: (product) => <Price product={product} format={(cents) => money.format(cents / 100)} />,
        },
        {
          label: t('products.columns.units'),
          sort: 'stock',
          cell: (product) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count.format(product.units)}
              </Text>
              {product.stockStatus !== 'in' && (
                <Badge color={STOCK_BADGES[product.stockStatus]} variant="light" style={{ minWidth: 'max-content' }}>
                  {t(`products.stock.${product.stockStatus}`)}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          label: t('products.columns.offers'),
          cell: (product) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('products.offersCount', { count: product.offersCount })}
            </Text>
          ),
        },
      ]}
      form={(product, done) =>
        product ? <EditProductForm id={product.id} onDone={done} /> : <ProductForm product={null} onDone={done} />
      }
      formSize="56rem"
      remove={deleteProduct}
    />
  );
}

/** The price the shop shows (after the discount), with the full price and the discount beside it. */
function Price({ product, format }: { product: ManageProduct; format: (cents: number) => string }) {
  const { t } = useTranslation('sistema');
  if (product.discountPercent === 0)
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {format(product.priceCents)}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {format(discountedCents(product.priceCents, product.discountPercent))}
        </Text>
        {/* The primary light badge keeps 4.5:1 on both themes; green light did not (axe). */}
        <Badge size="sm" variant="light" style={{ minWidth: 'max-content' }}>
          {t('products.discount', { percent: product.discountPercent })}
        </Badge>
      </Group>
      {/* Positioned: the hidden label stays inside the table's scroll box on phones. */}
      <Text size="xs" c="dimmed" td="line-through" style={{ whiteSpace: 'nowrap', position: 'relative' }}>
        <span aria-hidden>{format(product.priceCents)}</span>
        <VisuallyHidden>{t('products.fullPrice', { price: format(product.priceCents) })}</VisuallyHidden>
      </Text>
    </Stack>
  );
}
