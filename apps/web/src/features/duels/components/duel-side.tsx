import { Kbd, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { DuelJersey } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import { KEY_GLYPHS, OUTCOME_KEYS } from '../lib/keyboard.ts';
import { DUEL_IMAGE_SIZES } from '../lib/names.ts';
import classes from './duel.module.css';
import { jerseyInTeam, jerseyName, localName } from '#lib/names.ts';

interface DuelSideProps {
  side: 'left' | 'right';
  /** Null while the first duel loads: the same box, empty. */
  jersey: DuelJersey | null;
  chosen: boolean;
  dimmed: boolean;
  busy: boolean;
  /** Inside a team's duel the captions lead with season and model (the team is the same). */
  teamScoped: boolean;
  onChoose: () => void;
}

/** One jersey of the duel: picture and captions in one big button that picks it. */
export function DuelSide({ side, jersey, chosen, dimmed, busy, teamScoped, onChoose }: DuelSideProps) {
  const { t } = useTranslation('duels');
  const key = OUTCOME_KEYS[side];
  if (!jersey) {
    return (
      <div className={classes.side} aria-hidden>
        <div className={classes.picture}>
          <JerseyImage image={null} alt="" sizes={DUEL_IMAGE_SIZES} />
        </div>
        <div className={classes.caption}>
          <Skeleton height={16} width="70%" mt={4} />
          <Skeleton height={12} width="50%" mt={8} />
        </div>
      </div>
    );
  }
  return (
    <UnstyledButton
      className={classes.side}
      onClick={onChoose}
      aria-label={t('duel.choose', { name: jerseyName(jersey) })}
      aria-keyshortcuts={key}
      aria-disabled={busy || undefined}
      data-chosen={chosen || undefined}
      data-dimmed={dimmed || undefined}
      data-side={side}
    >
      <div className={classes.picture}>
        {/* A new element per jersey: never the old picture under the new captions. */}
        <JerseyImage key={jersey.id} image={jersey.image} alt="" sizes={DUEL_IMAGE_SIZES} priority />
        <Kbd className={`${classes.keyHint} ${classes.keysOnly}`} data-side={side} aria-hidden>
          {KEY_GLYPHS[key]}
        </Kbd>
      </div>
      <div className={classes.caption}>
        <Text fw={700} lineClamp={1} lh={1.45}>
          {teamScoped ? jerseyInTeam(jersey) : localName(jersey.team)}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1} lh={1.4}>
          {teamScoped ? jersey.supplier.name : `${jersey.modelYear} · ${localName(jersey.model)}`}
        </Text>
      </div>
    </UnstyledButton>
  );
}
