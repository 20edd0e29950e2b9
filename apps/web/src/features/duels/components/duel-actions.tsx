import { Button, Kbd } from '@mantine/core';
import { SKIP_REASONS, type SkipReason } from '@manto/contracts/constants';
import { IconChevronDown, IconEqual, IconPlayerSkipForward, IconThumbDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '#components/deferred-menu.tsx';
import { KEY_GLYPHS } from '../lib/keyboard.ts';
import classes from './duel.module.css';

interface DuelActionsProps {
  disabled: boolean;
  chosen: 'tie' | 'both_bad' | 'skip' | null;
  onTie: () => void;
  onBothBad: () => void;
  onSkip: (reason: SkipReason) => void;
}

/** Tie ("Empate"), both bad ("Nenhuma") and skip ("Pular", with a reason). */
export function DuelActions({ disabled, chosen, onTie, onBothBad, onSkip }: DuelActionsProps) {
  const { t } = useTranslation('duels');
  const hint = (glyph: string) => (
    <Kbd size="xs" className={`${classes.keysOnly} ${classes.actionKey}`} aria-hidden>
      {glyph}
    </Kbd>
  );
  return (
    <div className={classes.actions}>
      <Button
        variant={chosen === 'tie' ? 'filled' : 'default'}
        onClick={onTie}
        aria-keyshortcuts="ArrowUp"
        aria-disabled={disabled || undefined}
        leftSection={<IconEqual size={18} className={classes.actionIcon} aria-hidden />}
        rightSection={hint(KEY_GLYPHS.ArrowUp)}
      >
        {t('duel.tie')}
      </Button>
      <Button
        variant={chosen === 'both_bad' ? 'filled' : 'default'}
        onClick={onBothBad}
        aria-keyshortcuts="ArrowDown"
        aria-disabled={disabled || undefined}
        leftSection={<IconThumbDown size={18} className={classes.actionIcon} aria-hidden />}
        rightSection={hint(KEY_GLYPHS.ArrowDown)}
      >
        {t('duel.bothBad')}
      </Button>
      {/* The skip reasons' menu code loads after the first duel is on screen (docs/performance.md). */}
      <DeferredMenu
        position="bottom-end"
        disabled={disabled}
        target={
          <Button
            variant={chosen === 'skip' ? 'filled' : 'subtle'}
            aria-disabled={disabled || undefined}
            leftSection={<IconPlayerSkipForward size={18} className={classes.actionIcon} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {t('duel.skip')}
          </Button>
        }
      >
        {(Menu) =>
          SKIP_REASONS.map((reason) => (
            <Menu.Item key={reason} onClick={() => onSkip(reason)}>
              {t(`duel.skipReasons.${reason}`)}
            </Menu.Item>
          ))
        }
      </DeferredMenu>
    </div>
  );
}
