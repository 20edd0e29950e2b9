import { z } from 'zod';

export const teamOption = z.object({ slug: z.string(), name: z.string(), category: z.string() });
export type TeamOption = z.infer<typeof teamOption>;
export const teamOptionsResponse = z.array(teamOption);

export const termsResponse = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type Terms = z.infer<typeof termsResponse>;
