import { Button } from '@mantine/core';
import { myDataExport } from '@manto/contracts';
import { useMutation } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api.ts';
import { errorMessage } from '#lib/api-client.ts';
import { notifyError } from '#lib/notify.ts';
import { ActionCard } from './action-card.tsx';

/** Saves `data` as a JSON file through a temporary link (the API answers with the same content). */
function download(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "Seus dados" on the profile: the member downloads everything Manto keeps about them (LGPD). */
export function MyData() {
  const { t } = useTranslation('auth');
  const exporting = useMutation({
    mutationFn: () => api.authorized('/me/export', { schema: myDataExport }),
    onSuccess: (data) => download(data, 'manto-meus-dados.json'),
    onError: (error) => notifyError(errorMessage(error, t('common:error.description'))),
  });

  return (
    <ActionCard title={t('profile.myData.title')} description={t('profile.myData.description')}>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {t('profile.myData.download')}
      </Button>
    </ActionCard>
  );
}
