import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A link to a partner store's page (the shop): a new tab that cannot reach back to this one (noopener),
 * without the referrer, marked as a paid link for search engines (sponsored); its name says where it
 * goes and that it opens a new tab.
 */
export function OutboundLink({ href, store, fullWidth = false }: { href: string; store: string; fullWidth?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer sponsored"
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      fullWidth={fullWidth}
      aria-label={t('outbound.label', { store })}
    >
      {t('outbound.go')}
    </Button>
  );
}
