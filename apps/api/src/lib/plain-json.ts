/**
 * Route-level serializer for the hot public reads and the vote: plain JSON.stringify instead of
 * re-validating every answer with zod, which cost these routes a large share of their time. Their
 * answers are assembled field by field from typed rows (nothing extra can leak), and the integration
 * tests parse them with the same contract schemas.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
