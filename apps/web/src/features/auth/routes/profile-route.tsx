import { Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { profileQuery } from '../api/queries.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { ProfileInfoCard } from '../components/profile-info-card.tsx';
import { UpdateProfileForm } from '../components/update-profile-form.tsx';
import { VoteHistory } from '../components/vote-history.tsx';
import { MyFeedbacks } from '../components/my-feedbacks.tsx';
import { MyData } from '../components/my-data.tsx';
import { MyCollection } from '../components/my-collection.tsx';
import { DeleteAccount } from '../components/delete-account.tsx';

/** /auth/perfil: personal info, update profile, change password, the collection, votes, data, logout. */
export function ProfileRoute() {
  // The vote history's texts (rankings) load with the page's.
  const { t } = useTranslation(['auth', 'rankings']);
  const profile = useQuery(profileQuery());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.subtitle')}</Text>
      </div>
      {profile.isPending ? (
        <LoadingScreen />
      ) : profile.isError ? (
        <ErrorState
          message={errorMessage(profile.error, t('common:error.description'))}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProfileInfoCard profile={profile.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <UpdateProfileForm key={profile.data.id} profile={profile.data} />
              <ChangePasswordForm hasPassword={profile.data.hasPassword} />
              <MyCollection />
              <VoteHistory />
              <MyFeedbacks />
              <MyData />
              <DeleteAccount hasPassword={profile.data.hasPassword} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
