import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { sessionsApi } from './sessions-api.ts';
import { SessionsTable } from './sessions-table.tsx';

/** /console/learners/:userId/sessions — one learner's recorded sessions, newest first. */
export function LearnerSessionsPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const list = useQuery({
    queryKey: ['sessions', { userId }],
    queryFn: ({ signal }) => sessionsApi.search({ user_id: userId, page_size: 100 }, signal),
    refetchInterval: 10_000,
  });
  const first = list.data?.sessions[0];
  const name = first?.learner_nickname ? `${first.learner_nickname} (${first.learner_email})` : userId;
  return (
    <>
      <PageTitle>{t('sessions.learnerTitle', { name })}</PageTitle>
      <SessionsTable sessions={list.data?.sessions ?? []} />
    </>
  );
}
