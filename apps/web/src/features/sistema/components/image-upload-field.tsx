import { Box, Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { IMAGE_TYPES, type ImageRef } from '@manto/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { checkImageFile, uploadImage } from '../api/sistema-api.ts';
import classes from './image-upload-field.module.css';
import { RecordAvatar } from './record-avatar.tsx';

interface ImageUploadFieldProps {
  label: string;
  value: ImageRef | null;
  onChange: (image: ImageRef | null) => void;
  /** The form's error for the image id ('Imagem obrigatória', or the server's). */
  error?: ReactNode;
  /** A jersey picture (square, large), a crest/logo (small avatar) or a tournament cover (wide). */
  kind: 'jersey' | 'logo' | 'cover';
  /** Name for the logo's initials when there is no image yet. */
  name?: string;
  required?: boolean;
  /** Only optional images can be removed. */
  removable?: boolean;
}

/**
 * Picks a file, checks type and size here (the server checks the bytes and has the last word),
 * uploads it as soon as it is picked and hands the stored image to the form; the form keeps its id.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  error,
  kind,
  name = '',
  required = false,
  removable = false,
}: ImageUploadFieldProps) {
  const { t } = useTranslation('sistema');
  const id = useId();
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (file: File) => {
      abortRef.current?.abort();
      abortRef.current = new AbortController();
      return uploadImage(file, abortRef.current.signal);
    },
    onSuccess: (image) => onChange(image),
    onError: (failure) => {
      if (failure instanceof SessionEndedError || abortRef.current?.signal.aborted) return;
      setProblem(errorMessage(failure, t('image.failed')));
    },
  });

  const pick = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const invalid = checkImageFile(file);
    if (invalid) {
      setProblem(t(invalid === 'type' ? 'image.invalidType' : 'image.tooLarge'));
      return;
    }
    setProblem(null);
    upload.mutate(file);
  };

  const shownError = problem ?? error;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      required={required}
      description={t('image.hint')}
      error={shownError}
    >
      <Group
        role="group"
        aria-labelledby={labelId}
        aria-describedby={shownError ? `${errorId} ${descriptionId}` : descriptionId}
        gap="md"
        align="center"
        wrap="nowrap"
        mt={6}
        mb={6}
      >
        {kind === 'jersey' ? (
          <Box w={120} style={{ flexShrink: 0 }}>
            <JerseyImage image={value} alt={value ? t('image.preview') : ''} sizes="120px" />
          </Box>
        ) : kind === 'cover' ? (
          <div className={classes.cover}>
            {value ? (
              <img src={value.src} srcSet={value.srcSet} sizes="160px" alt={t('image.preview')} />
            ) : (
              <IconPhoto size={32} stroke={1.4} aria-hidden />
            )}
          </div>
        ) : (
          <RecordAvatar name={name || '?'} image={value} size={64} />
        )}
        <Stack gap="xs" align="flex-start">
          <FileButton
            onChange={pick}
            accept={IMAGE_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{ 'aria-label': label }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {value ? t('image.replace') : t('image.upload')}
              </Button>
            )}
          </FileButton>
          {removable && value && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              disabled={upload.isPending}
            >
              {t('image.remove')}
            </Button>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
