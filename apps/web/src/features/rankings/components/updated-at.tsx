import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../lib/format.ts';
import { useLocale } from '#lib/use-locale.ts';

/** "Atualizado há 5 minutos", kept current while the page stays open; the exact time on hover. */
export function UpdatedAt({ fittedAt }: { fittedAt: string }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const at = new Date(fittedAt);
  const exact = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return (
    <time dateTime={fittedAt} title={exact}>
      {t('status.updated', { when: formatRelativeTime(at, now, locale) })}
    </time>
  );
}
