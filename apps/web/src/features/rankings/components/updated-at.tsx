import { useTranslation } from 'react-i18next';
import { useNow } from '#lib/countdown.ts';
import { dateTimeFormat } from '#lib/intl-format.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { formatRelativeTime } from '../lib/format.ts';
import { useLocale } from '#lib/use-locale.ts';

/** "Atualizado há 5 minutos", kept current while the page stays open; the exact time on hover. */
export function UpdatedAt({ fittedAt }: { fittedAt: string }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const now = new Date(useNow(30_000));
  const at = new Date(fittedAt);
  const exact = dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useTimeZone(),
  }).format(at);
  return (
    <time dateTime={fittedAt} title={exact}>
      {t('status.updated', { when: formatRelativeTime(at, now, locale) })}
    </time>
  );
}
