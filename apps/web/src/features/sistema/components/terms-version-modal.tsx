import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Fieldset,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TERMS_TITLE_MAX, termsDraftInput, type ManageTerms } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meKeys } from '#api/keys.ts';
import { ErrorState } from '#components/error-state.tsx';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { zodFormErrors } from '#lib/form-errors.ts';
import { notifySuccess } from '#lib/notify.ts';
import { sistemaKeys, termsVersionQuery } from '../api/queries.ts';
import { createTermsDraft, deleteTermsDraft, publishTerms, updateTermsDraft } from '../api/terms-api.ts';
import { AuditHistory } from './audit-history.tsx';
import { ConfirmBody } from './confirm-body.tsx';
import { FormModal } from './form-modal.tsx';
import { showSaveError } from './save-error.ts';
import { TermsPreview, type TermsTexts } from './terms-preview.tsx';

const FIELDS = ['titlePt', 'bodyPt', 'titleEn', 'bodyEn'] as const;
const EMPTY: TermsTexts = { titlePt: '', titleEn: '', bodyPt: '', bodyEn: '' };
const textsOf = (terms: TermsTexts): TermsTexts => ({
  titlePt: terms.titlePt,
  titleEn: terms.titleEn,
  bodyPt: terms.bodyPt,
  bodyEn: terms.bodyEn,
});

/** What the dialog works on: a new draft (prefilled from `from`, the current version) or a version. */
export type TermsTarget = { kind: 'new'; from: number | null } | { kind: 'version'; version: number };

interface TermsVersionModalProps {
  target: TermsTarget | null;
  onTarget: (target: TermsTarget) => void;
  onClose: () => void;
}

/** Sistema → Termos: a new draft, a draft (edit, preview, publish, delete) or a published version (read-only). */
export function TermsVersionModal({ target, onTarget, onClose }: TermsVersionModalProps) {
  const { t } = useTranslation('sistema');
  const source = target?.kind === 'version' ? target.version : target?.kind === 'new' ? target.from : null;
  const query = useQuery({ ...termsVersionQuery(source ?? 0), enabled: source !== null });
  const title =
    target?.kind === 'new'
      ? t('terms.newTitle')
      : query.data?.status === 'draft'
        ? t('terms.draftTitle', { version: query.data.version })
        : t('terms.versionTitle', { version: source ?? '' });

  let body = null;
  if (target && source !== null && query.isError)
    body = (
      <ErrorState
        message={errorMessage(query.error, t('common:error.description'))}
        onRetry={() => void query.refetch()}
      />
    );
  else if (target && source !== null && query.isPending)
    body = (
      <Center py="xl">
        <Loader color="primary" type="dots" aria-label={t('list.loading')} />
      </Center>
    );
  else if (target?.kind === 'new')
    body = (
      <DraftEditor
        key="new"
        initial={query.data ? textsOf(query.data) : EMPTY}
        draft={null}
        onCreated={(created) => onTarget({ kind: 'version', version: created.version })}
        onDone={onClose}
      />
    );
  else if (query.data?.status === 'draft')
    body = <DraftEditor key={query.data.version} initial={textsOf(query.data)} draft={query.data} onDone={onClose} />;
  else if (query.data) body = <PublishedView terms={query.data} />;

  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="xl">
      {body}
    </FormModal>
  );
}

function PublishedView({ terms }: { terms: ManageTerms }) {
  const { t } = useTranslation('sistema');
  return (
    <Tabs defaultValue="text" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="text">{t('terms.tabs.text')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('terms.tabs.history')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="text">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('terms.readOnly')}
          </Text>
          <TermsPreview texts={textsOf(terms)} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <AuditHistory resource="terms" target={String(terms.version)} />
      </Tabs.Panel>
    </Tabs>
  );
}

interface DraftEditorProps {
  initial: TermsTexts;
  /** Null while the draft is not created yet. */
  draft: ManageTerms | null;
  onCreated?: (created: ManageTerms) => void;
  onDone: () => void;
}

function DraftEditor({ initial, draft, onCreated, onDone }: DraftEditorProps) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<'publish' | 'delete' | null>(null);
  const [tab, setTab] = useState<string | null>('edit');
  const form = useForm<TermsTexts>({
    initialValues: initial,
    validate: (values) => zodFormErrors(termsDraftInput, values, t),
  });

  const settle = (saved: ManageTerms) => {
    queryClient.setQueryData(sistemaKeys.termsVersion(saved.version), saved);
    return queryClient.invalidateQueries({ queryKey: sistemaKeys.terms() });
  };

  // Errors are shown under the fields, so a save from the preview goes back to them.
  const showFieldErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    setTab('edit');
  };

  const save = useMutation({
    mutationFn: (values: TermsTexts) => (draft ? updateTermsDraft(draft.version, values) : createTermsDraft(values)),
    onSuccess: (saved) => {
      notifySuccess(draft ? t('terms.saved') : t('terms.created', { version: saved.version }));
      form.resetDirty(textsOf(saved));
      if (!draft) onCreated?.(saved);
      return settle(saved);
    },
    onError: (error) => showSaveError(error, FIELDS, showFieldErrors, t('form.failed')),
  });

  const field = (name: keyof TermsTexts) => form.getInputProps(name);
  const column = (language: 'pt' | 'en') => {
    const suffix = language === 'pt' ? 'Pt' : 'En';
    return (
      <Fieldset
        legend={t(`terms.languages.${language}`)}
        variant="unstyled"
        style={{ minWidth: 0 }}
        styles={{ legend: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('terms.fields.title')}
            required
            maxLength={TERMS_TITLE_MAX}
            data-autofocus={language === 'pt' ? true : undefined}
            {...field(`title${suffix}`)}
          />
          <Textarea
            label={t('terms.fields.body')}
            description={t('terms.fields.bodyHint')}
            required
            autosize
            minRows={10}
            maxRows={22}
            {...field(`body${suffix}`)}
          />
        </Stack>
      </Fieldset>
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => save.mutate(termsDraftInput.parse(values)),
        () => setTab('edit'),
      )}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="edit">{t('terms.tabs.edit')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('terms.tabs.preview')}</Tabs.Tab>
          {draft && <Tabs.Tab value="history">{t('terms.tabs.history')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="edit">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {column('pt')}
            {column('en')}
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <TermsPreview texts={form.values} />
        </Tabs.Panel>
        {draft && (
          <Tabs.Panel value="history">
            <AuditHistory resource="terms" target={String(draft.version)} />
          </Tabs.Panel>
        )}
      </Tabs>
      <Group justify="space-between" gap="sm" mt="lg" wrap="wrap">
        {draft ? (
          <Button variant="subtle" color="red" onClick={() => setConfirm('delete')} disabled={save.isPending}>
            {t('terms.deleteDraft')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant={draft ? 'default' : 'filled'} loading={save.isPending}>
            {draft ? t('form.save') : t('terms.createDraft')}
          </Button>
          {draft && (
            <Button onClick={() => setConfirm('publish')} disabled={form.isDirty() || save.isPending}>
              {t('terms.publish')}
            </Button>
          )}
        </Group>
      </Group>
      {draft && form.isDirty() && (
        <Text size="sm" c="dimmed" ta="right" mt="xs">
          {t('terms.saveFirst')}
        </Text>
      )}
      {draft && (
        <DraftConfirm
          draft={draft}
          action={confirm}
          onCancel={() => setConfirm(null)}
          onDone={() => {
            setConfirm(null);
            onDone();
          }}
        />
      )}
    </form>
  );
}

/** Asks before publishing (every member must then accept) or deleting the draft. */
function DraftConfirm({
  draft,
  action,
  onCancel,
  onDone,
}: {
  draft: ManageTerms;
  action: 'publish' | 'delete' | null;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('sistema');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (which: 'publish' | 'delete') => {
      if (which === 'publish') await publishTerms(draft.version);
      else await deleteTermsDraft(draft.version);
    },
    onSuccess: (_, which) => {
      notifySuccess(t(which === 'publish' ? 'terms.published' : 'terms.deleted', { version: draft.version }));
      onDone();
      // Publishing binds the Admin too: their profile now says the new terms wait for them.
      if (which === 'publish') void queryClient.invalidateQueries({ queryKey: meKeys.all });
      return queryClient.invalidateQueries({ queryKey: sistemaKeys.terms() });
    },
  });
  const close = () => {
    if (!mutation.isPending) onCancel();
  };
  const failure =
    mutation.isError && !(mutation.error instanceof SessionEndedError)
      ? errorMessage(mutation.error, t('common:error.description'))
      : null;
  const publishing = action === 'publish';

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      onExitTransitionEnd={() => mutation.reset()}
      title={publishing ? t('terms.publishTitle') : t('delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {action && (
        <ConfirmBody
          question={t(publishing ? 'terms.publishQuestion' : 'terms.deleteQuestion', { version: draft.version })}
          detail={publishing ? t('terms.publishDetail') : t('delete.irreversible')}
          failure={failure}
          pending={mutation.isPending}
          onCancel={close}
          onConfirm={() => mutation.mutate(action)}
          confirmLabel={publishing ? t('terms.publish') : t('delete.confirm')}
          confirmProps={publishing ? {} : { color: 'red' }}
        />
      )}
    </Modal>
  );
}
