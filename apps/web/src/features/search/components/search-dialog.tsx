import { Loader, Modal, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconSearch, IconShield, IconShirtSport, IconSwords, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import { closeSearchDialog, useSearchDialogOpen } from '#lib/search-dialog.ts';
import { searchQuery } from '../api/search-api.ts';
import { type SearchGroupKind, type SearchOption, searchGroups } from './search-options.ts';
import classes from './search-dialog.module.css';

/** Waits this long after the last key before asking: one request per pause, not per letter. */
const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

const ICONS: Record<SearchGroupKind, typeof IconShield> = {
  teams: IconShield,
  duels: IconSwords,
  jerseys: IconShirtSport,
  tournaments: IconTrophy,
  products: IconBuildingStore,
};

/**
 * The search (docs/decisions/0041-search.md), opened from the header's button, its `/` key or the phone's
 * drawer (lib/search-dialog.ts): a combobox over a grouped list of results, chosen with the arrows and
 * Enter or by a click or a tap. Full screen on a phone.
 */
export function SearchDialog() {
  const { t } = useTranslation('search');
  const opened = useSearchDialogOpen();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={closeSearchDialog}
      title={t('title')}
      size="lg"
      fullScreen={phone}
      yOffset="10dvh"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Unmounted when closed: every opening starts from an empty query. */}
      <SearchBox onDone={closeSearchDialog} />
    </Modal>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  // One letter names half the catalogue: the search starts at the second.
  const typed = debounced.length >= MIN_LENGTH ? debounced : '';
  const found = useQuery(searchQuery(typed));
  const groups = useMemo(() => (typed && found.data ? searchGroups(found.data) : []), [typed, found.data]);
  const options = groups.flatMap((g) => g.options);
  // The line chosen in this answer; a new answer starts again from its first.
  const [chosen, setChosen] = useState({ answer: found.data, index: 0 });
  const active = chosen.answer === found.data ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ answer: found.data, index });
  const id = useId();
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids follow `active`
  }, [active]);

  const choose = (option: SearchOption) => {
    onDone();
    void navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (n === 0) return;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % n,
      ArrowUp: () => (active - 1 + n) % n,
      PageDown: () => n - 1,
      PageUp: () => 0,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    }
  };

  const empty = typed !== '' && found.data !== undefined && !found.isPlaceholderData && options.length === 0;
  let index = 0;
  return (
    <div className={classes.box}>
      <TextInput
        data-autofocus
        type="search"
        aria-label={t('inputLabel')}
        placeholder={t('placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={found.isFetching ? <Loader size={16} aria-hidden /> : null}
        size="md"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={100}
      />

      <div id={`${id}-list`} role="listbox" aria-label={t('results')} className={classes.list}>
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className={classes.group}>
            <div id={`${id}-${group.kind}`} role="presentation" className={classes.groupLabel}>
              {t(`groups.${group.kind}`)}
            </div>
            {group.options.map((option) => {
              const i = index++;
              const Icon = ICONS[group.kind];
              return (
                <Link
                  key={option.key}
                  id={optionId(i)}
                  to={option.to}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  className={classes.option}
                  data-active={i === active || undefined}
                  onMouseMove={() => setActive(i)}
                  onClick={onDone}
                >
                  <span className={classes.icon} aria-hidden>
                    {option.image !== undefined ? (
                      <JerseyImage image={option.image} alt="" sizes="40px" />
                    ) : (
                      <Icon size={20} stroke={1.6} />
                    )}
                  </span>
                  <span className={classes.text}>
                    <span className={classes.label}>{option.duelOf ? t('duel', option.duelOf) : option.label}</span>
                    {option.jerseys !== undefined && (
                      <span className={classes.detail}>{t('jerseys', { count: option.jerseys })}</span>
                    )}
                  </span>
                </Link>
              );
            })}
          </div>
        ))}
      </div>

      {typed === '' && (
        <Text size="sm" c="dimmed" className={classes.note}>
          {t('hint')}
        </Text>
      )}
      {empty && (
        <div className={classes.note}>
          <Text fw={700}>{t('empty', { query: typed })}</Text>
          <Text size="sm" c="dimmed">
            {t('tryThis')}
          </Text>
        </div>
      )}
      {found.isError && (
        <Text size="sm" c="red" className={classes.note}>
          {t('error')}
        </Text>
      )}
      <div aria-live="polite" className={classes.status}>
        {typed !== '' && found.data && !found.isPlaceholderData ? t('count', { count: options.length }) : ''}
      </div>
      {options.length > 0 && (
        <Text size="xs" c="dimmed" className={classes.keys} aria-hidden>
          {t('keys')}
        </Text>
      )}
    </div>
  );
}
