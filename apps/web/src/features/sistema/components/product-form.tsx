import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CURRENCY,
  LOW_STOCK_DEFAULT,
  NEW_PRODUCT_DAYS,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_OFFERS_MAX,
  discountedCents,
  productInput,
  type ImageRef,
  type ManageProductDetail,
  type ProductCategory,
  type ProductInput,
} from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { zodFormErrors, type FormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';
import { createProduct, updateProduct } from '../api/products-api.ts';
import { invalidateAfterChange, productDetailQuery } from '../api/queries.ts';
import { formatReais, parseReais } from '../lib/price-input.ts';
import { FormActions } from './form-modal.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { JerseyLinkField } from './jersey-link-field.tsx';
import { showSaveError } from './save-error.ts';

interface OfferValues {
  /** Keeps a row's inputs with it when an earlier row is removed. */
  key: string;
  storeName: string;
  url: string;
  price: string;
  shippingNote: string;
  inStock: boolean;
}

type IsNewChoice = 'auto' | 'yes' | 'no';

interface ProductValues {
  category: ProductCategory | null;
  namePt: string;
  nameEn: string;
  descriptionPt: string;
  descriptionEn: string;
  team: string;
  season: string;
  jerseyId: string | null;
  images: ImageRef[];
  colours: string[];
  sizes: string[];
  /** Reais as typed ("349,90"); sent as integer cents. */
  price: string;
  /** NumberInput gives '' while empty. */
  discountPercent: number | string;
  rating: number | string;
  reviewsCount: number | string;
  isNew: IsNewChoice;
  featured: boolean;
  lowStockThreshold: number | string;
  /** Units per size; sizes removed from `sizes` keep their number here until saved, in case they come back. */
  stock: Record<string, number | string>;
  offers: OfferValues[];
}

const FIELDS = [
  'category',
  'namePt',
  'nameEn',
  'descriptionPt',
  'descriptionEn',
  'team',
  'season',
  'jerseyId',
  'images',
  'colours',
  'sizes',
  'price',
  'discountPercent',
  'rating',
  'reviewsCount',
  'isNew',
  'featured',
  'lowStockThreshold',
  'offers',
] as const;
const OFFER_FIELDS = ['storeName', 'url', 'price', 'shippingNote', 'inStock'] as const;

const emptyOffer = (): OfferValues => ({
  key: randomId(),
  storeName: '',
  url: '',
  price: '',
  shippingNote: '',
  inStock: true,
});

const valuesOf = (product: ManageProductDetail | null): ProductValues => ({
  category: product?.category ?? null,
  namePt: product?.namePt ?? '',
  nameEn: product?.nameEn ?? '',
  descriptionPt: product?.descriptionPt ?? '',
  descriptionEn: product?.descriptionEn ?? '',
  team: product?.team ?? '',
  season: product?.season ?? '',
  jerseyId: product?.jerseyId ?? null,
  images: product?.images ?? [],
  colours: product?.colours ?? [],
  sizes: product?.sizes ?? [],
  price: product ? formatReais(product.priceCents) : '',
  discountPercent: product?.discountPercent ?? 0,
  rating: product?.rating ?? 0,
  reviewsCount: product?.reviewsCount ?? 0,
  isNew: product?.isNew === true ? 'yes' : product?.isNew === false ? 'no' : 'auto',
  featured: product?.featured ?? false,
  lowStockThreshold: product?.lowStockThreshold ?? LOW_STOCK_DEFAULT,
  stock: product?.stock ?? {},
  offers: (product?.offers ?? []).map((offer) => ({
    key: offer.id,
    storeName: offer.storeName,
    url: offer.url,
    price: formatReais(offer.priceCents),
    shippingNote: offer.shippingNote,
    inStock: offer.inStock,
  })),
});

/** An empty or unreadable price is "missing" for productInput (its own message), never zero or a guess. */
const cents = (text: string) => parseReais(text) ?? undefined;
const numberOrDefault = (value: number | string) => (value === '' ? undefined : value);

/** A size's units as typed; own keys only, so a size named "constructor" is not Object's method. */
const unitsOf = (stock: ProductValues['stock'], size: string) => (Object.hasOwn(stock, size) ? stock[size] : undefined);

/** The body productInput validates: prices in cents, and stock only for the sizes the product has. */
const toInput = (values: ProductValues) => ({
  category: values.category ?? undefined,
  namePt: values.namePt,
  nameEn: values.nameEn,
  descriptionPt: values.descriptionPt,
  descriptionEn: values.descriptionEn,
  team: values.team,
  season: values.season,
  jerseyId: values.jerseyId,
  imageIds: values.images.map((image) => image.id),
  colours: values.colours,
  sizes: values.sizes,
  priceCents: cents(values.price),
  discountPercent: numberOrDefault(values.discountPercent),
  rating: numberOrDefault(values.rating),
  reviewsCount: numberOrDefault(values.reviewsCount),
  isNew: values.isNew === 'auto' ? null : values.isNew === 'yes',
  featured: values.featured,
  lowStockThreshold: numberOrDefault(values.lowStockThreshold),
  stock: Object.fromEntries(
    values.sizes.map((size) => [size, numberOrDefault(unitsOf(values.stock, size) ?? '') ?? 0]),
  ),
  offers: values.offers.map((offer) => ({
    storeName: offer.storeName,
    url: offer.url,
    priceCents: cents(offer.price),
    shippingNote: offer.shippingNote,
    inStock: offer.inStock,
  })),
});

/** The API names some fields after the body (priceCents, imageIds); the form after what is typed. */
const formField = (path: string) => path.replace(/(^|\.)priceCents$/, '$1price').replace(/^imageIds(\..*)?$/, 'images');

const renamed = (errors: FormErrors): FormErrors => {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) out[formField(path)] ??= message;
  return out;
};

interface ProductFormProps {
  product: ManageProductDetail | null;
  onDone: () => void;
}

/** Create or edit a product (POST / PUT /api/manage/products), offers and stock per size included. */
export function ProductForm({ product, onDone }: ProductFormProps) {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const form = useForm<ProductValues>({
    initialValues: valuesOf(product),
    validate: (values) => renamed(zodFormErrors(productInput, toInput(values), t)),
  });
  const { values } = form;

  const mutation = useMutation({
    mutationFn: (body: ProductInput) => (product ? updateProduct(product.id, body) : createProduct(body)),
    onSuccess: () => {
      notifySuccess(t(product ? 'products.updated' : 'products.created'));
      onDone();
      return invalidateAfterChange(queryClient, 'products');
    },
    // The typed values stay as they are: only the errors change.
    onError: (error) => {
      const offerFields = values.offers.flatMap((_, i) => OFFER_FIELDS.map((field) => `offers.${i}.${field}`));
      const stockFields = values.sizes.map((size) => `stock.${size}`);
      const aliases = Object.fromEntries(
        ['priceCents', 'imageIds', ...values.offers.map((_, i) => `offers.${i}.priceCents`)].map((path) => [
          path,
          formField(path),
        ]),
      );
      showSaveError(error, [...FIELDS, ...offerFields, ...stockFields], form.setErrors, t('form.failed'), aliases);
    },
  });

  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
  const priceCents = parseReais(values.price);
  const discount = typeof values.discountPercent === 'number' ? values.discountPercent : 0;
  const jersey = values.category === 'jerseys';
  const units = values.sizes.reduce((sum, size) => sum + (Number(unitsOf(values.stock, size)) || 0), 0);

  return (
    <form noValidate onSubmit={form.onSubmit((v) => mutation.mutate(productInput.parse(toInput(v))))}>
      <Stack gap="md">
        <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('products.sections.product')}>
          <Stack gap="sm">
            <Select
              label={t('products.fields.category')}
              required
              data={PRODUCT_CATEGORIES.map((value) => ({ value, label: t(`products.categories.${value}`) }))}
              placeholder={t('form.choose')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              maw={280}
              {...form.getInputProps('category')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('products.fields.namePt')}
                required
                maxLength={120}
                {...form.getInputProps('namePt')}
              />
              <TextInput
                label={t('products.fields.nameEn')}
                required
                maxLength={120}
                {...form.getInputProps('nameEn')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Textarea
                label={t('products.fields.descriptionPt')}
                required
                autosize
                minRows={3}
                maxRows={8}
                maxLength={4000}
                {...form.getInputProps('descriptionPt')}
              />
              <Textarea
                label={t('products.fields.descriptionEn')}
                required
                autosize
                minRows={3}
                maxRows={8}
                maxLength={4000}
                {...form.getInputProps('descriptionEn')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('products.fields.team')}
                required={jersey}
                description={jersey ? undefined : t('products.fields.teamHint')}
                maxLength={80}
                {...form.getInputProps('team')}
              />
              <TextInput
                label={t('products.fields.season')}
                required={jersey}
                description={jersey ? undefined : t('products.fields.teamHint')}
                placeholder={t('products.fields.seasonPlaceholder')}
                maxLength={20}
                {...form.getInputProps('season')}
              />
            </SimpleGrid>
            <JerseyLinkField
              value={values.jerseyId}
              onChange={(id) => form.setFieldValue('jerseyId', id)}
              error={form.errors.jerseyId}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TagsInput
                label={t('products.fields.colours')}
                required
                placeholder={t('products.fields.coloursPlaceholder')}
                maxTags={20}
                splitChars={[',']}
                clearable={false}
                {...form.getInputProps('colours')}
              />
              <TagsInput
                label={t('products.fields.sizes')}
                required
                placeholder={t('products.fields.sizesPlaceholder')}
                maxTags={20}
                splitChars={[',']}
                clearable={false}
                {...form.getInputProps('sizes')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('products.sections.images')}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('products.fields.imagesHint', { max: PRODUCT_IMAGES_MAX })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {values.images.map((image, i) => (
              <ImageUploadField
                key={image.id}
                label={t('products.fields.image', { n: i + 1 })}
                kind="jersey"
                removable
                value={image}
                onChange={(next) => (next ? form.replaceListItem('images', i, next) : form.removeListItem('images', i))}
              />
            ))}
            {values.images.length < PRODUCT_IMAGES_MAX && (
              <ImageUploadField
                // A new field after each upload: the next pick starts empty.
                key={values.images.length}
                label={t('products.fields.addImage')}
                kind="jersey"
                value={null}
                error={form.errors.images}
                onChange={(next) => next && form.insertListItem('images', next)}
              />
            )}
          </SimpleGrid>
        </Fieldset>

        <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('products.sections.price')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              <TextInput
                label={t('products.fields.price')}
                required
                inputMode="decimal"
                placeholder={t('products.fields.pricePlaceholder')}
                description={
                  priceCents && discount > 0
                    ? t('products.fields.finalPrice', {
                        price: money.format(discountedCents(priceCents, discount) / 100),
                      })
                    : undefined
                }
                {...form.getInputProps('price')}
              />
              <NumberInput
                label={t('products.fields.discountPercent')}
                min={0}
                max={90}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('discountPercent')}
              />
              <NumberInput
                label={t('products.fields.rating')}
                min={0}
                max={5}
                step={0.1}
                decimalScale={1}
                allowNegative={false}
                {...form.getInputProps('rating')}
              />
              <NumberInput
                label={t('products.fields.reviewsCount')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator={false}
                {...form.getInputProps('reviewsCount')}
              />
            </SimpleGrid>
            <Radio.Group label={t('products.fields.isNew')} {...form.getInputProps('isNew')}>
              <Group gap="lg" mt={6}>
                <Radio value="auto" label={t('products.fields.isNewOptions.auto', { days: NEW_PRODUCT_DAYS })} />
                <Radio value="yes" label={t('products.fields.isNewOptions.yes')} />
                <Radio value="no" label={t('products.fields.isNewOptions.no')} />
              </Group>
            </Radio.Group>
            <Switch label={t('products.fields.featured')} {...form.getInputProps('featured', { type: 'checkbox' })} />
          </Stack>
        </Fieldset>

        <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('products.sections.stock')}>
          <Stack gap="sm">
            <NumberInput
              label={t('products.fields.lowStockThreshold')}
              description={t('products.fields.lowStockHint')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              maw={280}
              {...form.getInputProps('lowStockThreshold')}
            />
            {values.sizes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('products.fields.stockEmpty')}
              </Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
                  {values.sizes.map((size) => (
                    <NumberInput
                      key={size}
                      label={t('products.fields.stockFor', { size })}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator={false}
                      value={unitsOf(values.stock, size) ?? 0}
                      onChange={(units) => {
                        form.setFieldValue('stock', { ...values.stock, [size]: units });
                        form.clearFieldError(`stock.${size}`);
                      }}
                      error={form.errors[`stock.${size}`]}
                    />
                  ))}
                </SimpleGrid>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('products.fields.stockTotal', { count: units })}
                </Text>
              </>
            )}
          </Stack>
        </Fieldset>

        <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('products.sections.offers')}>
          <Stack gap="sm">
            {form.errors.offers && (
              <Alert color="red" variant="light" role="alert">
                {form.errors.offers}
              </Alert>
            )}
            {values.offers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('products.offers.empty')}
              </Text>
            )}
            {values.offers.map((offer, i) => (
              <Card
                key={offer.key}
                withBorder
                padding="sm"
                component="section"
                aria-label={t('products.offers.title', { n: i + 1 })}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Text fw={700} size="sm">
                    {t('products.offers.title', { n: i + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => form.removeListItem('offers', i)}
                    aria-label={t('products.offers.remove', { n: i + 1 })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={t('products.offers.storeName')}
                    required
                    maxLength={80}
                    {...form.getInputProps(`offers.${i}.storeName`)}
                  />
                  <TextInput
                    label={t('products.offers.url')}
                    required
                    type="url"
                    placeholder="https://"
                    maxLength={1000}
                    {...form.getInputProps(`offers.${i}.url`)}
                  />
                  <TextInput
                    label={t('products.offers.price')}
                    required
                    inputMode="decimal"
                    placeholder={t('products.fields.pricePlaceholder')}
                    {...form.getInputProps(`offers.${i}.price`)}
                  />
                  <TextInput
                    label={t('products.offers.shippingNote')}
                    placeholder={t('products.offers.shippingPlaceholder')}
                    maxLength={200}
                    {...form.getInputProps(`offers.${i}.shippingNote`)}
                  />
                </SimpleGrid>
                <Checkbox
                  mt="sm"
                  label={t('products.offers.inStock')}
                  {...form.getInputProps(`offers.${i}.inStock`, { type: 'checkbox' })}
                />
              </Card>
            ))}
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem('offers', emptyOffer())}
              disabled={values.offers.length >= PRODUCT_OFFERS_MAX}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('products.offers.add')}
            </Button>
          </Stack>
        </Fieldset>

        <FormActions onCancel={onDone} pending={mutation.isPending} creating={!product} />
      </Stack>
    </form>
  );
}

/** Editing starts from the whole product, read fresh (the list row has only what the table shows). */
export function EditProductForm({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation('sistema');
  const detail = useQuery(productDetailQuery(id));
  if (detail.isPending) return <LoadingScreen />;
  if (detail.isError)
    return (
      <ErrorState
        message={errorMessage(detail.error, t('products.loadFailed'))}
        onRetry={() => void detail.refetch()}
      />
    );
  return <ProductForm product={detail.data} onDone={onDone} />;
}
