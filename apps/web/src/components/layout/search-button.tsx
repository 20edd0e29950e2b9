import { IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { openSearchDialog, typingIn } from '#lib/search-dialog.ts';
import classes from './app-header.module.css';

/**
 * The header's search button, and its `/` key anywhere but in a field (docs/decisions/0041-search.md). Plain
 * markup, the same on the server and in the browser: the search's code loads when it is first opened.
 */
export function SearchButton() {
  const { t } = useTranslation('common');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (typingIn(event.target)) return;
      event.preventDefault();
      openSearchDialog();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button type="button" className={classes.search} onClick={openSearchDialog} aria-keyshortcuts="/">
      <IconSearch size={16} stroke={1.8} aria-hidden />
      <span className={classes.searchLabel}>{t('search.label')}</span>
      <kbd className={classes.searchKey} aria-hidden>
        /
      </kbd>
    </button>
  );
}
