import type { ImageRef } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import classes from './product-gallery.module.css';

/**
 * The main picture and, with more than one, a row of thumbnail buttons that show each in its place
 * (Tab to one, Enter or Space; the arrow keys move between them).
 */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const { t } = useTranslation('shop');
  const [current, setCurrent] = useState(0);
  const total = images.length;
  const shown = images[Math.min(current, total - 1)] ?? null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (current + step + total) % total;
    setCurrent(next);
    event.currentTarget.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div>
      <JerseyImage
        image={shown}
        alt={shown ? t('product.imageAlt', { name, n: current + 1, total }) : t('product.noImage')}
        sizes="(max-width: 992px) 92vw, 560px"
        priority
      />
      {total > 1 && (
        <div className={classes.thumbs} role="group" aria-label={t('product.gallery')} onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <button
              key={image.src}
              type="button"
              className={classes.thumb}
              aria-current={i === current}
              aria-label={t('product.thumbnail', { n: i + 1, total })}
              onClick={() => setCurrent(i)}
            >
              <JerseyImage image={image} alt="" sizes="64px" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
