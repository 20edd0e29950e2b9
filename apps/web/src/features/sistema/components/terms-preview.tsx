import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermsBody } from '#components/terms-body.tsx';
import { currentLanguage } from '#lib/i18n.ts';

export interface TermsTexts {
  titlePt: string;
  titleEn: string;
  bodyPt: string;
  bodyEn: string;
}

/** The terms as members will read them (the same renderer as /termos and the re-consent dialog), in either language. */
export function TermsPreview({ texts }: { texts: TermsTexts }) {
  const { t } = useTranslation('sistema');
  const [language, setLanguage] = useState<'pt' | 'en'>(currentLanguage);
  const title = language === 'pt' ? texts.titlePt : texts.titleEn;
  const body = language === 'pt' ? texts.bodyPt : texts.bodyEn;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('terms.previewLanguage')}
        value={language}
        onChange={(value) => setLanguage(value as 'pt' | 'en')}
        data={[
          { value: 'pt', label: t('terms.languages.pt') },
          { value: 'en', label: t('terms.languages.en') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Stack
        gap="sm"
        p="md"
        lang={language === 'pt' ? 'pt-BR' : 'en'}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {title.trim() || body.trim() ? (
          <>
            <Text fw={700} size="lg">
              {title}
            </Text>
            <TermsBody body={body} size="sm" headingOrder={3} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('terms.previewEmpty')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
