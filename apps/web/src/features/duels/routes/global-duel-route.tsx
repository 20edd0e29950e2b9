import { Button } from '@mantine/core';
import { IconShirtSport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DuelScreen } from '../components/duel-screen.tsx';
import { EmptyScope } from '../components/empty-scope.tsx';
import { ScopeHeader } from '../components/scope-header.tsx';

const GLOBAL = {};

/** The global duel (docs/product.md: the home page): any two active jerseys of the catalogue. */
export function GlobalDuelRoute() {
  const { t } = useTranslation('duels');
  return (
    <DuelScreen
      scope={GLOBAL}
      header={(data) => (
        <ScopeHeader
          title={t('scope.global.title')}
          subtitle={t('scope.global.subtitle')}
          jerseysCount={data?.jerseysCount}
          aside={
            <Button
              component={Link}
              to="/comparar/times"
              variant="default"
              leftSection={<IconShirtSport size={18} aria-hidden />}
            >
              {t('scope.chooseTeam')}
            </Button>
          }
        />
      )}
      empty={() => <EmptyScope kind="global" />}
    />
  );
}
