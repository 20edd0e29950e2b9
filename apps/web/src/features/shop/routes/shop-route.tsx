import { Button, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS } from '@manto/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useSearchParams } from 'react-router';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { SearchField } from '#components/search-field.tsx';
import { toLanguage } from '#lib/language.ts';
import { SEARCH_PARAM, useUrlList } from '#lib/url-list.ts';
import { productsQuery, shopFiltersQuery } from '../api/shop-api.ts';
import { PriceInput } from '../components/price-input.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { CATEGORY_SLUGS, PAGE_SIZE, PARAMS, SORT_SLUGS, YES, listQuery } from '../lib/list-params.ts';

const FILTER_PARAMS = [...Object.values(PARAMS).filter((p) => p !== PARAMS.sort), SEARCH_PARAM];

/** /loja — the shop's products with filters, sort and pages, all kept in the URL. */
export function ShopRoute() {
  const { t, i18n } = useTranslation('shop');
  useDocumentTitle(t('common:nav.shop'));
  const lang = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const list = useUrlList(300);
  const [, setParams] = useSearchParams();
  const { params, setParam } = list;
  const query = listQuery(params, list.query, list.page);
  const products = useQuery(productsQuery(lang, query));
  const filters = useQuery(shopFiltersQuery());
  const filtered = FILTER_PARAMS.some((p) => params.has(p)) || list.search.trim() !== '';

  const clear = () => {
    list.setSearch('');
    // The sort is a preference, not a filter: it stays.
    setParams((prev) => {
      const sort = prev.get(PARAMS.sort);
      return new URLSearchParams(sort ? { [PARAMS.sort]: sort } : {});
    });
  };

  const toggle = (param: string) => (checked: boolean) => setParam(param, checked ? YES : null);

  let body;
  if (products.isError) body = <ErrorState onRetry={() => void products.refetch()} />;
  else if (products.isPending) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={360} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (products.data.items.length === 0) {
    body = (
      <EmptyState
        title={t('list.empty')}
        description={filtered ? t('list.emptyAdvice') : undefined}
        icon={<IconBuildingStore size={30} />}
        action={
          filtered && (
            <Button variant="light" onClick={clear} mt="xs">
              {t('filters.clear')}
            </Button>
          )
        }
      />
    );
  } else {
    const { items, total } = products.data;
    body = (
      <Stack gap="lg" aria-busy={products.isPlaceholderData}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('list.count', { count: total })}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          {items.map((product, i) => (
            <ProductCard key={product.slug} product={product} priority={i < 4} />
          ))}
        </SimpleGrid>
        <PageControls
          total={total}
          pageSize={PAGE_SIZE}
          page={list.page}
          onChange={list.setPage}
          controlLabel={(control) => t('list.pageControl', { control })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>

      <Stack gap="sm" component="section" aria-label={t('filters.label')}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchField
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            grow
          />
          <Select
            label={t('filters.category')}
            placeholder={t('filters.all')}
            data={PRODUCT_CATEGORIES.map((c) => ({ value: CATEGORY_SLUGS[c], label: t(`categories.${c}`) }))}
            value={query.category ? CATEGORY_SLUGS[query.category] : null}
            onChange={(v) => setParam(PARAMS.category, v)}
            clearable
            style={{ flex: '1 1 150px' }}
          />
          <Select
            label={t('filters.team')}
            placeholder={t('filters.all')}
            data={filters.data?.teams ?? []}
            value={query.team ?? null}
            onChange={(v) => setParam(PARAMS.team, v)}
            searchable
            clearable
            style={{ flex: '1 1 150px' }}
          />
          <PriceInput
            label={t('filters.minPrice')}
            value={params.get(PARAMS.minPrice) ?? ''}
            onChange={(v) => setParam(PARAMS.minPrice, v)}
          />
          <PriceInput
            label={t('filters.maxPrice')}
            value={params.get(PARAMS.maxPrice) ?? ''}
            onChange={(v) => setParam(PARAMS.maxPrice, v)}
          />
        </Group>
        <Group align="end" gap="md" wrap="wrap" justify="space-between">
          <Group gap="md">
            <Checkbox
              label={t('filters.onSale')}
              checked={query.onSale === 'true'}
              onChange={(e) => toggle(PARAMS.onSale)(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('filters.isNew')}
              checked={query.isNew === 'true'}
              onChange={(e) => toggle(PARAMS.isNew)(e.currentTarget.checked)}
            />
            {filtered && (
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                {t('filters.clear')}
              </Button>
            )}
          </Group>
          <Select
            label={t('filters.sort')}
            data={PRODUCT_SORTS.map((s) => ({ value: SORT_SLUGS[s], label: t(`sorts.${s}`) }))}
            value={SORT_SLUGS[query.sort ?? 'featured']}
            onChange={(v) => setParam(PARAMS.sort, v === SORT_SLUGS.featured ? null : v)}
            allowDeselect={false}
            miw={200}
          />
        </Group>
      </Stack>

      {body}
    </Stack>
  );
}
