import { Anchor, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { JerseySummary, MyVote } from '@manto/contracts';
import { IconArrowsLeftRight, IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { JerseyImage } from '#components/jersey-image.tsx';
import { MY_VOTES_PAGE_SIZE, myVotesQuery } from '../api/votes-api.ts';
import classes from './vote-history.module.css';
import { tournamentName } from '#lib/tournaments.ts';
import { useLocale } from '#lib/use-locale.ts';
import { PageControls } from '#components/page-controls.tsx';
import { ShareButton } from '#components/share-button.tsx';
import { jerseyName, jerseyPath, localName } from '#lib/names.ts';

function Thumb({ jersey, picked, faded }: { jersey: JerseySummary; picked: boolean; faded: boolean }) {
  return (
    <Link to={jerseyPath(jersey)} aria-label={jerseyName(jersey)} title={jerseyName(jersey)}>
      <Box className={`${classes.thumb} ${picked ? classes.picked : ''} ${faded ? classes.faded : ''}`}>
        <JerseyImage image={jersey.image} alt="" sizes="48px" placeholder={jersey.mainColor} />
      </Box>
    </Link>
  );
}

function Agreement({ agreed }: { agreed: boolean | null }) {
  const { t } = useTranslation('rankings');
  const label = agreed === null ? t('history.notJudged') : agreed ? t('history.agreed') : t('history.disagreed');
  const Icon = agreed === null ? IconMinus : agreed ? IconCheck : IconX;
  const className = agreed === null ? undefined : agreed ? classes.agreed : classes.disagreed;
  return (
    <Group gap={4} wrap="nowrap" className={className} c={agreed === null ? 'dimmed' : undefined} title={label}>
      <Icon size={18} stroke={2.5} aria-hidden />
      <span className={classes.agreeLabel}>{label}</span>
    </Group>
  );
}

function VoteRow({ vote, date }: { vote: MyVote; date: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation('rankings');
  const pickedLeft = vote.outcome === 'left';
  const pickedRight = vote.outcome === 'right';
  const sided = pickedLeft || pickedRight;
  const choice =
    vote.outcome === 'left' || vote.outcome === 'right'
      ? t(`history.choice.${vote.outcome}`, { name: jerseyName(pickedLeft ? vote.left : vote.right) })
      : vote.outcome === 'skip' && vote.skipReason
        ? `${t('history.choice.skip')} (${t(`history.skipReason.${vote.skipReason}`)})`
        : t(`history.choice.${vote.outcome}`);
  const scope = vote.scope.tournament
    ? t('history.scopeTournament', { name: tournamentName(vote.scope.tournament, i18n.resolvedLanguage) })
    : vote.scope.team
      ? t('history.scopeTeam', { team: localName(vote.scope.team) })
      : t('history.scopeGlobal');
  return (
    <li className={classes.item}>
      <Group wrap="nowrap" align="center" gap="sm">
        <Group gap={6} wrap="nowrap" className={classes.pair}>
          <Thumb jersey={vote.left} picked={pickedLeft} faded={sided && !pickedLeft} />
          <Text size="xs" c="dimmed" aria-hidden>
            {t('history.vs')}
          </Text>
          <Thumb jersey={vote.right} picked={pickedRight} faded={sided && !pickedRight} />
        </Group>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={700} lineClamp={2}>
            {choice}
          </Text>
          {!sided && (
            <Text size="xs" c="dimmed" truncate>
              {jerseyName(vote.left)} {t('history.vs')} {jerseyName(vote.right)}
            </Text>
          )}
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              {scope} · <time dateTime={vote.answeredAt}>{date.format(new Date(vote.answeredAt))}</time>
            </Text>
            {!vote.counted && vote.outcome !== 'skip' && (
              <Badge size="xs" variant="outline" color="gray" title={t('history.notCountedHelp')}>
                {t('history.notCounted')}
              </Badge>
            )}
          </Group>
        </Box>
        <Agreement agreed={vote.agreed} />
      </Group>
    </li>
  );
}

/** The profile's vote history: recent votes with paging and "você vs a galera". */
export function VoteHistory() {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useQuery(myVotesQuery(page));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={56} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (query.data.summary.votes === 0) {
    body = (
      <Stack align="flex-start" gap={6}>
        <Text fw={700}>{t('history.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('history.emptyDescription')}
        </Text>
        <Button
          component={Link}
          to="/"
          variant="default"
          size="xs"
          leftSection={<IconArrowsLeftRight size={14} aria-hidden />}
        >
          {t('history.vote')}
        </Button>
      </Stack>
    );
  } else {
    const { summary, items, total } = query.data;
    const rate =
      summary.judged > 0
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
            summary.agreed / summary.judged,
          )
        : null;
    body = (
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="crowd-agreement">
          <Group justify="space-between" align="center" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id="crowd-agreement">
                {t('history.agreement')}
              </Title>
              <Text size="sm" c="dimmed">
                {rate
                  ? t('history.agreementDetail', { agreed: summary.agreed, judged: summary.judged })
                  : t('history.agreementNone')}{' '}
                {t('history.total', { count: summary.votes })}
              </Text>
            </div>
            {rate && (
              <div style={{ textAlign: 'right' }}>
                <Text fz={32} fw={700} className={classes.rate}>
                  {rate}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('history.agreementValue')}
                </Text>
                {/* "Eu vs a galera": the line, and the home duel for the friend to try. */}
                <ShareButton path="/" text={t('history.shareText', { rate })} label={t('history.share')} />
              </div>
            )}
          </Group>
        </Paper>
        <div>
          <Title order={3} fz="md" mb={6}>
            {t('history.list')}
          </Title>
          <ul className={classes.list} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {items.map((vote) => (
              <VoteRow key={vote.id} vote={vote} date={date} />
            ))}
          </ul>
        </div>
        <PageControls total={total} pageSize={MY_VOTES_PAGE_SIZE} page={page} onChange={setPage} size="sm" />
        <Anchor component={Link} to="/rankings" size="sm">
          {t('rating.seeGlobal')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Paper withBorder shadow="sm" p="lg" component="section" aria-labelledby="my-votes">
      <Title order={2} fz={20} id="my-votes" mb="md">
        {t('history.title')}
      </Title>
      {body}
    </Paper>
  );
}
