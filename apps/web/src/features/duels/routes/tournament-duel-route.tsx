import { Button, Center, Group, Stack } from '@mantine/core';
import type { NextDuel } from '@manto/contracts';
import { IconCircleCheck, IconClockPause, IconTournament } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#lib/use-document-title.ts';
import { Link, useParams } from 'react-router';
import { Countdown } from '#components/countdown.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { roundKeyOf, tournamentName } from '#lib/tournaments.ts';
import { duelKeys } from '../api/queries.ts';
import { DuelScreen } from '../components/duel-screen.tsx';
import { ScopeHeader } from '../components/scope-header.tsx';

/** After a round's planned end, the round job closes it and opens the next within moments. */
const AFTER_ROUND_END_MS = 3000;

/**
 * /torneios/:slug/votar — the duel screen over the open round's matches (docs/tournaments.md §4, §6): each
 * match once per voter, its split hidden until the round closes. The header names the tournament and round,
 * counts the voter's way through it and runs the round's countdown.
 */
export function TournamentDuelRoute() {
  const { t, i18n } = useTranslation(['duels', 'tournaments']);
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  const bracketPath = `/torneios/${slug}`;

  // When the round ends, whatever is on screen is stale: ask again for the next round's matches.
  const onRoundEnd = useCallback(() => {
    window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: duelKeys.all }), AFTER_ROUND_END_MS);
  }, [queryClient]);

  const roundName = (scope: NonNullable<NextDuel['scope']['tournament']>) =>
    scope.round ? t(`tournaments:rounds.${roundKeyOf(scope.size, scope.round)}`) : null;

  return (
    <DuelScreen
      scope={{ tournament: slug }}
      header={(_, data) => {
        const scope = data?.scope.tournament ?? null;
        const name = scope ? tournamentName(scope, i18n.resolvedLanguage) : null;
        const round = scope ? roundName(scope) : null;
        const progress =
          scope && data?.duel && scope.openMatches > 0
            ? t('tournament.progress', {
                current: Math.min(scope.answeredMatches + 1, scope.openMatches),
                total: scope.openMatches,
              })
            : null;
        return (
          <>
            <DocumentTitle page={name && t('common:documentTitle.tournamentVote', { name })} />
            <ScopeHeader
              crumbs={[
                { label: t('tournament.tournaments'), to: '/torneios' },
                ...(name ? [{ label: name, to: bracketPath }] : []),
              ]}
              title={name}
              subtitle={[round, progress].filter(Boolean).join(' · ') || undefined}
              aside={
                <Group gap="sm" align="center" wrap="wrap">
                  {scope?.closesAt && data?.duel && (
                    <Countdown
                      to={scope.closesAt}
                      label={t('tournament.closes')}
                      endedLabel={t('tournament.ended')}
                      onEnd={onRoundEnd}
                      size="sm"
                    />
                  )}
                  <Button
                    component={Link}
                    to={bracketPath}
                    variant="default"
                    leftSection={<IconTournament size={18} aria-hidden />}
                  >
                    {t('tournament.bracket')}
                  </Button>
                </Group>
              }
            />
          </>
        );
      }}
      empty={(data) => {
        const scope = data.scope.tournament;
        const done = Boolean(scope?.round && scope.openMatches > 0 && scope.answeredMatches >= scope.openMatches);
        return (
          <EmptyState
            icon={done ? <IconCircleCheck size={30} /> : <IconClockPause size={30} />}
            title={t(done ? 'tournament.done.title' : 'tournament.noRound.title')}
            description={t(done ? 'tournament.done.description' : 'tournament.noRound.description')}
            action={
              <Stack align="center" gap="sm" mt="sm">
                {done && scope?.closesAt && (
                  <Center>
                    <Countdown
                      to={scope.closesAt}
                      label={t('tournament.closes')}
                      endedLabel={t('tournament.ended')}
                      onEnd={onRoundEnd}
                    />
                  </Center>
                )}
                <Group justify="center">
                  <Button component={Link} to={bracketPath}>
                    {t('tournament.toBracket')}
                  </Button>
                </Group>
              </Stack>
            }
          />
        );
      }}
    />
  );
}
