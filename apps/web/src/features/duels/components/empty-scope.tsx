import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '#components/empty-state.tsx';

type EmptyScopeProps =
  | { kind: 'global' }
  | { kind: 'team'; team: string }
  | { kind: 'model'; team: string; teamSlug: string; model: string };

/** A scope with fewer than two active jerseys: say so, and offer the scopes that have duels. */
export function EmptyScope(props: EmptyScopeProps) {
  const { t } = useTranslation('duels');
  const values = props.kind === 'global' ? {} : props.kind === 'team' ? { team: props.team } : props;
  return (
    <EmptyState
      title={t(`empty.${props.kind}.title`, values)}
      description={t(`empty.${props.kind}.description`, values)}
      action={
        <Group justify="center" gap="sm" mt="sm">
          {props.kind === 'model' && (
            <Button component={Link} to={`/comparar/times/${props.teamSlug}`}>
              {t('empty.toTeam')}
            </Button>
          )}
          {props.kind !== 'global' && (
            <Button component={Link} to="/" variant={props.kind === 'model' ? 'default' : 'filled'}>
              {t('empty.toGlobal')}
            </Button>
          )}
          <Button component={Link} to="/comparar/times" variant={props.kind === 'global' ? 'filled' : 'default'}>
            {t('empty.toTeams')}
          </Button>
        </Group>
      }
    />
  );
}
