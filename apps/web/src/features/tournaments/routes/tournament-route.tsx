import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link, useParams } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { tournamentDescription, tournamentName } from '#lib/tournaments.ts';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { tournamentQuery } from '../api/queries.ts';
import { Bracket } from '../components/bracket.tsx';
import { TournamentCover } from '../components/tournament-cover.tsx';
import { TournamentStatusPanel } from '../components/tournament-status.tsx';
import { formatDateRange, roundLength } from '../lib/format.ts';
import classes from '../components/tournaments.module.css';
import { FollowButton } from '#components/follow-button.tsx';
import { ShareButton } from '#components/share-button.tsx';

/**
 * /torneios/:slug — a tournament: its dates, what it is doing now (the open round's countdown and vote, the
 * start, or the champion) and its bracket; an upcoming one shows its projected first round.
 */
export function TournamentRoute() {
  const { t, i18n } = useTranslation(['tournaments', 'common']);
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { slug = '' } = useParams();
  const query = useQuery(tournamentQuery(slug));
  useDocumentTitle(query.data && tournamentName(query.data, i18n.resolvedLanguage));

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton height={20} width={200} />
        <Skeleton height={40} width="60%" />
        <Skeleton height={96} radius="lg" />
        <Skeleton height={360} radius="lg" />
      </Stack>
    );

  const tournament = query.data;
  const name = tournamentName(tournament, i18n.resolvedLanguage);
  const description = tournamentDescription(tournament, i18n.resolvedLanguage);
  const length = roundLength(tournament.roundHours);
  const facts: [string, string][] = [
    [t('detail.dates'), formatDateRange(locale, timeZone, tournament.startsAt, tournament.endsAt)],
    [t('detail.size'), t('jerseys', { count: tournament.size })],
    [t('detail.roundDuration'), t(`common:countdown.${length.unit}`, { count: length.count })],
  ];

  return (
    <Stack gap="xl">
      <nav aria-label={t('detail.breadcrumbs')}>
        <Breadcrumbs separatorMargin={6}>
          <Anchor component={Link} to="/torneios" size="sm">
            {t('title')}
          </Anchor>
          <Text size="sm" c="dimmed" aria-current="page">
            {name}
          </Text>
        </Breadcrumbs>
      </nav>
      {tournament.cover && (
        <div className={classes.banner}>
          <TournamentCover
            cover={tournament.cover}
            topSeeds={[]}
            alt=""
            sizes="(max-width: 1200px) 100vw, 1140px"
            priority
          />
        </div>
      )}
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
            {name}
          </Title>
          <Badge
            variant={tournament.status === 'ongoing' ? 'filled' : 'light'}
            color={tournament.status === 'ongoing' ? undefined : 'gray'}
          >
            {t(`status.${tournament.status}`)}
          </Badge>
          <FollowButton kind="tournament" id={tournament.id} name={name} />
          <ShareButton path={`/torneios/${tournament.slug}`} text={t('detail.shareText', { name })} />
        </Group>
        {/* Plain text: descriptions never carry markup. */}
        {description && <Text className={classes.description}>{description}</Text>}
        <Group gap="xl" component="dl" m={0} wrap="wrap" style={{ rowGap: 8 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              <Text component="dd" m={0} size="sm">
                {value}
              </Text>
            </div>
          ))}
        </Group>
      </Stack>
      <TournamentStatusPanel tournament={tournament} onDue={() => void query.refetch()} />
      <Stack component="section" aria-labelledby="bracket" gap="md">
        <Title order={2} id="bracket" fz={{ base: 22, sm: 26 }}>
          {t('detail.bracket')}
        </Title>
        {tournament.status === 'upcoming' && (
          <Group gap={6} wrap="nowrap" align="start">
            <IconInfoCircle size={18} stroke={1.8} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              {tournament.preview && tournament.preview.length > 0 ? t('detail.preview') : t('detail.previewEmpty')}
            </Text>
          </Group>
        )}
        <Bracket tournament={tournament} />
      </Stack>
    </Stack>
  );
}
