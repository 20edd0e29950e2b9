import { Alert, Anchor, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { TermsBody } from '#components/terms-body.tsx';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { signOut } from '#lib/session.ts';
import { acceptTerms } from '../api/auth-api.ts';
import { authKeys, profileQuery, termsQuery } from '../api/queries.ts';

/**
 * Re-consent (docs/decisions/0017-terms-re-consent.md): while the profile says newer terms wait for
 * the member, the API refuses their writes, so this dialog blocks the app until they accept or sign
 * out. It has no close button and ignores Escape and clicks outside; Mantine traps the focus.
 */
const PROFILE_PATH = '/auth/perfil';

export function TermsConsentDialog() {
  const { t } = useTranslation('auth');
  const signedIn = isAuthenticated(useAuth());
  // The same observer options as the role refresh: one read per page load, reloaded on a refusal.
  const profile = useQuery({ ...profileQuery(), enabled: signedIn, staleTime: Infinity });
  // Not on the profile: whoever refuses the terms can still download their data and delete the
  // account there (the API lets both through), so the dialog never traps anyone.
  const onProfile = useLocation().pathname.startsWith(PROFILE_PATH);
  const opened = signedIn && profile.data?.termsPending === true && !onProfile;

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus
      centered
      size="lg"
      title={t('reconsent.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <ConsentBody />}
    </Modal>
  );
}

function ConsentBody() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const language = currentLanguage();
  // Always the newest text: the cached one may be the version the member already accepted.
  const terms = useQuery({ ...termsQuery(language), staleTime: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: acceptTerms,
    onMutate: () => setFailure(null),
    onSuccess: (profile) => queryClient.setQueryData(authKeys.me(), profile),
    onError: (error) => {
      // A newer version was published while this one was on screen: show it instead.
      if (error instanceof ApiError && error.code === 'TERMS_OUTDATED') void terms.refetch();
      setFailure(errorMessage(error, t('reconsent.failed')));
    },
  });

  if (terms.isPending)
    return (
      <Center py="xl">
        <Loader color="primary" type="dots" aria-label={t('terms.loading')} />
      </Center>
    );
  if (terms.isError)
    return <ErrorState message={errorMessage(terms.error, t('terms.failed'))} onRetry={() => void terms.refetch()} />;

  return (
    <Stack gap="md">
      <Text size="sm">{t('reconsent.intro', { version: terms.data.version })}</Text>
      <ScrollArea.Autosize
        mah="min(50dvh, 420px)"
        type="auto"
        offsetScrollbars
        // The viewport is what scrolls: keyboard users reach it to scroll the text (axe: scrollable-region-focusable).
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': terms.data.title }}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack gap="sm" p="md">
          <Text fw={700}>{terms.data.title}</Text>
          <TermsBody body={terms.data.body} size="sm" headingOrder={3} />
        </Stack>
      </ScrollArea.Autosize>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {failure}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('reconsent.refuse')}{' '}
        <Anchor component={Link} to={PROFILE_PATH} underline="always">
          {t('reconsent.profileLink')}
        </Anchor>
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void signOut()} disabled={accept.isPending}>
          {t('reconsent.signOut')}
        </Button>
        <Button loading={accept.isPending} onClick={() => accept.mutate(terms.data.version)}>
          {t('reconsent.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
