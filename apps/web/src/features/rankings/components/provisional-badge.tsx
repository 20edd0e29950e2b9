import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Provisório": too few votes or too wide an interval to trust the place yet; the row stays where its score puts it. */
export function ProvisionalBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('rankings');
  return (
    <Badge size={size} variant="outline" color="gray" title={t('help.provisional')} style={{ flex: 'none' }}>
      {t('provisional')}
    </Badge>
  );
}
