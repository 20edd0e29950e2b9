import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The title of a page that sets none of its own (sign-in, Sistema), and of every page as it leaves. */
export const SITE_TITLE = 'Manto';

/**
 * The document's title on a public screen, in the pattern the server writes into the page it sends
 * (docs/decisions/0036-head-tags-and-share-images.md): "{page} | Manto", or the home page's own
 * (`home`). Set on client-side navigation, where no page is sent; null while the screen's data loads (the
 * title stays as it was). Leaving the screen puts back "Manto", so a screen without a title never keeps
 * the previous one's.
 */
export function useDocumentTitle(page: string | null | undefined, { home = false } = {}): void {
  const { t } = useTranslation('common');
  const title = home ? t('documentTitle.home') : page ? t('documentTitle.page', { page }) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = SITE_TITLE;
    },
    [],
  );
}

/** The hook as an element, for a title known only where a screen renders its header (a render callback). */
export function DocumentTitle({ page }: { page: string | null | undefined }): null {
  useDocumentTitle(page);
  return null;
}
