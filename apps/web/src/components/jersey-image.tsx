import type { ImageRef } from '@manto/contracts';
import classes from './jersey-image.module.css';

interface JerseyImageProps {
  image: ImageRef | null;
  alt: string;
  /** Which rendered width to expect, so the browser picks the right variant from srcset. */
  sizes: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Background behind transparent illustrations. */
  tint?: string;
  /** The jersey's main colour: a soft box of it stands in until the picture has loaded (no grey holes while scrolling). */
  placeholder?: string;
}

/**
 * A jersey picture in a square box reserved before the image arrives (no layout shift), picking
 * the WebP variant that fits from srcset and loading lazily below the fold.
 */
export function JerseyImage({ image, alt, sizes, priority = false, tint, placeholder }: JerseyImageProps) {
  const style = { ...(tint ? { background: tint } : {}), ...(placeholder ? { '--placeholder': placeholder } : {}) };
  return (
    <div className={classes.frame} style={style} data-waiting={placeholder && image ? '' : undefined}>
      {image && (
        <img
          className={classes.image}
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          // Set on the element, not in React state: a long list would re-render for every picture.
          onLoad={(event) => event.currentTarget.parentElement?.removeAttribute('data-waiting')}
        />
      )}
    </div>
  );
}
