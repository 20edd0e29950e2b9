import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MyRanking, MyRankingRow } from '@manto/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { ShareButton } from '#components/share-button.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { numberFormat } from '#lib/intl-format.ts';
import { formatScore } from '#lib/interval.ts';
import { jerseyName, jerseyPath } from '#lib/names.ts';
import { useLocale } from '#lib/use-locale.ts';
import { myRankingQuery } from '../api/my-ranking-api.ts';
import { JerseyNameLink, JerseyThumb } from '../components/jersey-thumb.tsx';
import classes from '../components/rankings.module.css';

/** Jerseys named in the shared text: a fan's podium. */
const SHARED_TOP = 3;
/** Jerseys in the shared link's share image: the top ten (the server's `top` parameter). */
const SHARED_CARD = 10;

/** A jersey in a shared top: the first ten hex digits of its id (the API's TOP_CODE). */
const topCode = (id: string) => id.replace(/-/g, '').slice(0, 10);

/**
 * /rankings/meu: the voter's own ranking (docs/ranking.md §9), for members and for visitors on this device;
 * until they have answered enough duels, how many are left.
 */
export function MyRankingRoute() {
  const { t } = useTranslation('rankings');
  const signedIn = isAuthenticated(useAuth());
  const mine = useQuery(myRankingQuery(signedIn));
  // Opened from someone's shared top: the link unfurled as their top ten; here, an invitation to build one's own.
  const [params] = useSearchParams();
  const sharedTop = params.has('top');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('mine.title')}
        </Title>
        <Text c="dimmed">{t('mine.subtitle')}</Text>
      </div>
      {sharedTop && (
        <Alert variant="light" title={t('mine.sharedTitle')}>
          {t('mine.sharedBody')}
        </Alert>
      )}
      {mine.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={96} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : mine.isError ? (
        <ErrorState
          message={errorMessage(mine.error, t('common:error.description'))}
          onRetry={() => void mine.refetch()}
        />
      ) : mine.data.items.length === 0 ? (
        <NotYet ranking={mine.data} />
      ) : (
        <Ranked ranking={mine.data} signedIn={signedIn} />
      )}
    </Stack>
  );
}

function NotYet({ ranking }: { ranking: MyRanking }) {
  const { t } = useTranslation('rankings');
  const left = ranking.required - ranking.votes;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" align="flex-start">
        <Text fw={700} size="lg">
          {t('mine.notYet', { count: left })}
        </Text>
        <Progress
          value={(100 * ranking.votes) / ranking.required}
          w="100%"
          size="lg"
          aria-label={t('mine.progress', { votes: ranking.votes, required: ranking.required })}
        />
        <Text c="dimmed" size="sm">
          {t('mine.progress', { votes: ranking.votes, required: ranking.required })}
        </Text>
        <Button component={Link} to="/">
          {t('mine.vote')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Ranked({ ranking, signedIn }: { ranking: MyRanking; signedIn: boolean }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const { agreement, contrarian, favourite } = ranking;
  const podium = ranking.items
    .slice(0, SHARED_TOP)
    .map((row) => `${row.rank}. ${jerseyName(row.jersey)}`)
    .join(', ');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: favourite ? 3 : 2 }} spacing="md">
        <Fact title={t('mine.agreement')}>
          {agreement.judged > 0 ? (
            <>
              <Text fz={28} fw={800} lh={1.1}>
                {numberFormat(locale, { style: 'percent' }).format(agreement.agreed / agreement.judged)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('history.agreementDetail', { agreed: agreement.agreed, judged: agreement.judged })}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('history.agreementNone')}</Text>
          )}
        </Fact>
        <Fact title={t('mine.contrarian')}>
          {contrarian ? (
            <Text size="sm">
              {t('mine.contrarianDetail', {
                picked: jerseyName(contrarian.picked),
                over: jerseyName(contrarian.over),
                gap: formatScore(contrarian.gap, locale),
              })}
            </Text>
          ) : (
            <Text size="sm">{t('mine.contrarianNone')}</Text>
          )}
        </Fact>
        {favourite && (
          <Fact title={t('mine.favourite')}>
            <Text size="sm">
              <Anchor component={Link} to={jerseyPath(favourite.jersey)} fw={700}>
                {jerseyName(favourite.jersey)}
              </Anchor>{' '}
              {t('mine.favouriteDetail', { rank: favourite.rank })}
            </Text>
          </Fact>
        )}
      </SimpleGrid>
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {t('mine.count', { count: ranking.items.length, votes: ranking.votes })}
        </Text>
        <ShareButton
          path={`/rankings/meu?top=${ranking.items
            .slice(0, SHARED_CARD)
            .map((row) => topCode(row.jersey.id))
            .join('.')}`}
          text={t('mine.shareText', { podium })}
          label={t('mine.share')}
        />
      </Group>
      {!signedIn && (
        <Alert variant="light" title={t('mine.keepTitle')}>
          <Text size="sm">
            {t('mine.keepBody')}{' '}
            <Anchor component={Link} to="/auth/registrar" fw={700}>
              {t('mine.keepLink')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <ol className={classes.mobileList} aria-label={t('mine.title')}>
        {ranking.items.map((row) => (
          <Row key={row.jersey.id} row={row} locale={locale} />
        ))}
      </ol>
    </>
  );
}

function Fact({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function Row({ row, locale }: { row: MyRankingRow; locale: string }) {
  const { t } = useTranslation('rankings');
  return (
    <li className={`${classes.mobileItem} ${classes.mobileRow}`}>
      <div className={classes.mobileRank}>
        <span className={`${classes.mobileRankNumber} ${classes.num}`}>
          <span className={classes.visuallyHidden}>{t('table.rank')} </span>
          {row.rank}
        </span>
      </div>
      <JerseyThumb jersey={row.jersey} size={56} priority={row.rank <= 4} />
      <div className={classes.mobileBody}>
        <div className={classes.mobileHead}>
          <JerseyNameLink jersey={row.jersey} showTeam />
          <span className={`${classes.mobileScore} ${classes.num}`}>
            <span className={classes.visuallyHidden}>{t('table.score')} </span>
            {formatScore(row.score, locale)}
          </span>
        </div>
        <div className={classes.mobileMeta}>
          <span className={classes.small}>
            {t('mine.record', { wins: row.wins, losses: row.losses, ties: row.ties })} ·{' '}
            {row.crowdRank === null ? t('mine.crowdNone') : t('mine.crowdRank', { rank: row.crowdRank })}
          </span>
        </div>
      </div>
    </li>
  );
}
