import { Anchor, Badge, Breadcrumbs, ColorSwatch, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GENERATED_IMAGE_SOURCE } from '@manto/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link, useParams } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { JerseyImage } from '#components/jersey-image.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { jerseyQuery } from '../api/queries.ts';
import { JerseyCard } from '../components/jersey-card.tsx';
import { JerseyCollection } from '../components/jersey-collection.tsx';
import { JerseyRating } from '../components/jersey-rating.tsx';
import { JerseyTournaments } from '../components/jersey-tournaments.tsx';
import { JerseyWhereToBuy } from '../components/jersey-where-to-buy.tsx';
import { JERSEY_IMAGE_SIZES } from '../lib/picture-sizes.ts';
import { DetailSkeleton } from '#components/detail-skeleton.tsx';
import classes from './jersey-route.module.css';
import { colourName } from '#lib/colour-names.ts';
import { teamText } from '#lib/team-text.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { jerseyInTeam, jerseyName, jerseyPath, jerseyShortName, localName } from '#lib/names.ts';
import { FollowButton } from '#components/follow-button.tsx';
import { ShareButton } from '#components/share-button.tsx';

/**
 * /camisas/time/:teamSlug/:jerseySlug — one jersey, every field, its image credit, its standing, the
 * tournaments it played and its siblings.
 */
export function JerseyRoute() {
  // The rating and tournament sections' texts load with the page's, so neither suspends the page on its own.
  const { t, i18n } = useTranslation(['catalogue', 'rankings', 'tournaments']);
  const { teamSlug = '', jerseySlug = '' } = useParams();
  const query = useQuery(jerseyQuery(teamSlug, jerseySlug));
  useDocumentTitle(query.data && jerseyName(query.data));

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError)
    return (
      <>
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundScreen />
        ) : (
          <ErrorState onRetry={() => void query.refetch()} />
        )}
      </>
    );

  const j = query.data;
  const title = jerseyName(j);
  const drawnByManto = j.imageSource.text === GENERATED_IMAGE_SOURCE && !j.imageSource.url;
  // A moderator's description in the reader's language (Portuguese as the fallback), else one written
  // from the fields (ADR 0035).
  const description =
    (currentLanguage() === 'en' ? (j.descriptionEn ?? j.description) : j.description) ??
    [
      t('jersey.about', {
        ...teamText(j.team),
        model: localName(j.model).toLocaleLowerCase(i18n.language),
        season: j.modelYear,
        supplier: j.supplier.name,
      }),
      j.masterSponsor && t('jersey.sponsoredBy', { sponsor: j.masterSponsor }),
    ]
      .filter(Boolean)
      .join(' ');
  const rows: [string, React.ReactNode][] = [
    [
      t('jersey.team'),
      <Anchor component={Link} to={`/camisas/time/${j.team.slug}`} size="sm">
        {localName(j.team)}
      </Anchor>,
    ],
    [t('jersey.model'), localName(j.model)],
    [t('jersey.season'), j.modelYear],
    [t('jersey.year'), j.season],
    [t('jersey.supplier'), j.supplier.name],
    [t('jersey.sponsor'), j.masterSponsor ?? '—'],
    [
      t('jersey.mainColor'),
      <Group gap={6}>
        <ColorSwatch color={j.mainColor} size={16} aria-hidden />
        {/* The name fans say; the exact value on hover. */}
        <span title={j.mainColor}>{colourName(j.mainColor, i18n.language)}</span>
      </Group>,
    ],
  ];

  return (
    <Stack gap="xl">
      <Breadcrumbs>
        <Anchor component={Link} to="/camisas">
          {t('teams.title')}
        </Anchor>
        <Anchor component={Link} to={`/camisas/time/${j.team.slug}`}>
          {localName(j.team)}
        </Anchor>
        <Text>{jerseyInTeam(j)}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <JerseyImage
            image={j.image}
            alt={t('jersey.imageAlt', { name: title })}
            sizes={JERSEY_IMAGE_SIZES}
            priority
          />
          <Text size="xs" c="dimmed" mt={6}>
            {drawnByManto ? (
              t('jersey.generatedCredit')
            ) : (
              <>
                {t('jersey.credit')}{' '}
                {j.imageSource.url ? (
                  <Anchor href={j.imageSource.url} target="_blank" rel="noopener noreferrer nofollow" size="xs">
                    {j.imageSource.text}
                  </Anchor>
                ) : (
                  j.imageSource.text
                )}
              </>
            )}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <div>
              <Group justify="space-between" mb={6}>
                <Badge variant="light" color="gray">
                  {localName(j.model)}
                </Badge>
                <Group gap="xs">
                  <FollowButton kind="jersey" id={j.id} name={title} />
                  <ShareButton path={jerseyPath(j)} text={t('jersey.shareText', { name: title })} />
                </Group>
              </Group>
              <Title order={1}>{jerseyShortName(j)}</Title>
            </div>
            <Text>{description}</Text>
            <table className={classes.details}>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <JerseyCollection jerseyId={j.id} path={jerseyPath(j)} />
            <JerseyWhereToBuy jerseyId={j.id} />
            <JerseyRating jerseyId={j.id} team={j.team} />
            <JerseyTournaments jerseyId={j.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      {j.otherJerseys.length > 0 && (
        <section aria-labelledby="other-jerseys">
          <Title order={2} id="other-jerseys" fz="xl" mb="md">
            {t('jersey.others', teamText(j.team))}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {j.otherJerseys.map((other) => (
              <JerseyCard key={other.id} jersey={other} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
