import { type FeedbackInput, myFeedback } from '@manto/contracts';
import { api } from '#lib/api.ts';

/** POST /api/feedback: as the member when signed in, else as a visitor. */
export const sendFeedback = (body: FeedbackInput) =>
  api.optionallyAuthorized('/feedback', { method: 'POST', body, schema: myFeedback });
