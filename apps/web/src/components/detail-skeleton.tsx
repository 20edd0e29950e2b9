import { Grid, Skeleton } from '@mantine/core';

/** A detail page (a jersey's, a product's) while it loads: the square picture beside its text. */
export function DetailSkeleton() {
  return (
    <Grid gap="xl" aria-busy>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton height={40} mb="md" />
        <Skeleton height={240} />
      </Grid.Col>
    </Grid>
  );
}
