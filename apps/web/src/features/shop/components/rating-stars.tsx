import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#lib/use-locale.ts';

/** Which of the five stars are full, half or empty for a 0–5 rating (to the nearest half). */
export function starShapes(rating: number): ('full' | 'half' | 'empty')[] {
  const halves = Math.round(rating * 2);
  return Array.from({ length: 5 }, (_, i) => (halves >= 2 * i + 2 ? 'full' : halves === 2 * i + 1 ? 'half' : 'empty'));
}

const ICONS = { full: IconStarFilled, half: IconStarHalfFilled, empty: IconStar };

/** The partners' rating: stars for the eye, "4,5 de 5 estrelas, 128 avaliações" for a screen reader. */
export function RatingStars({
  rating,
  reviewsCount,
  size = 14,
}: {
  rating: number;
  reviewsCount: number;
  size?: number;
}) {
  const { t } = useTranslation('shop');
  const locale = useLocale();
  if (reviewsCount === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('rating.none')}
      </Text>
    );
  }
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
  const reviews = new Intl.NumberFormat(locale).format(reviewsCount);
  return (
    <Group gap={4} wrap="nowrap">
      <Group gap={1} wrap="nowrap" c="yellow.7" aria-hidden>
        {starShapes(rating).map((shape, i) => {
          const Icon = ICONS[shape];
          return <Icon key={i} size={size} />;
        })}
      </Group>
      <Text size="xs" c="dimmed" aria-hidden>
        {value} ({reviews})
      </Text>
      <VisuallyHidden>
        {t('rating.label', {
          rating: value,
          reviews: t('rating.reviews', { count: reviewsCount, n: reviews }),
        })}
      </VisuallyHidden>
    </Group>
  );
}
