import { myFeedbackList } from '@manto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { feedbackKeys } from '#api/keys.ts';
import { api } from '#lib/api.ts';

export const MY_FEEDBACKS_PAGE_SIZE = 10;

/** The signed-in member's feedback, newest first, with each one's status. */
export const myFeedbacksQuery = (page: number) =>
  queryOptions({
    queryKey: feedbackKeys.mine(page),
    queryFn: () =>
      api.authorized('/me/feedbacks', {
        query: { page, pageSize: MY_FEEDBACKS_PAGE_SIZE },
        schema: myFeedbackList,
      }),
    placeholderData: keepPreviousData,
    // Moderators move statuses elsewhere: coming back here should show them.
    staleTime: 0,
  });
