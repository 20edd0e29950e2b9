import { Card, Group, Text, VisuallyHidden } from '@mantine/core';
import type { JerseySummary } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import { jerseyName, jerseyPath, localName } from '#lib/names.ts';

export function JerseyCard({ jersey, priority = false }: { jersey: JerseySummary; priority?: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <Card component={Link} to={jerseyPath(jersey)} withBorder radius="md" padding="sm">
      {/* The name starts with what the card says aloud and goes on with what it shows: an aria-label
          would hide the visible text from the name (WCAG 2.5.3, label in name). */}
      <VisuallyHidden>{t('jersey.open', { name: jerseyName(jersey) })}</VisuallyHidden>
      {/* Its real width on a phone, two cards a row: half the screen less the page's padding, half the
          gap and the card's padding and border. At 45vw a 412 px phone at 1.75× took the 640 px file
          for a 160 px picture (docs/perf/first-screen.md). */}
      <JerseyImage
        image={jersey.image}
        alt=""
        sizes="(max-width: 600px) calc(50vw - 46px), 240px"
        priority={priority}
      />
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="xs">
        <Text fw={700} size="sm" truncate>
          {localName(jersey.model)}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {jersey.modelYear}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {jersey.supplier.name}
      </Text>
    </Card>
  );
}
