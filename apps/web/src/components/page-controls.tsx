import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageControlsProps {
  /** Items in the whole list. */
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  size?: 'sm' | 'md';
  /** Accessible names, when a screen gives its controls and pages their own. */
  controlLabel?: (control: string) => string;
  pageLabel?: (page: number) => string;
}

/** A list's pages, centred; nothing when it fits on one. The arrows are named ('Página: next' by default). */
export function PageControls({ total, pageSize, page, onChange, size, controlLabel, pageLabel }: PageControlsProps) {
  const { t } = useTranslation('common');
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size={size}
        getControlProps={(control) => ({
          'aria-label': controlLabel ? controlLabel(control) : t('pagination.control', { control }),
        })}
        getItemProps={pageLabel && ((item) => ({ 'aria-label': pageLabel(item) }))}
      />
    </Center>
  );
}
