import { useQuery } from '@tanstack/react-query';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { Markdown, withoutRepeatedTitle } from './markdown.tsx';
import { PreviewBanner } from './preview-banner.tsx';
import { usePreviewMode } from './preview-status.ts';
import { trainingApi, trainingKeys } from './training-api.ts';

/** /training/{id}/welcome: the class's welcome text and the way in. */
export function WelcomePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const preview = usePreviewMode();
  const query = useQuery({
    queryKey: trainingKeys.class(id, preview),
    queryFn: ({ signal }) => trainingApi.class(id, preview, signal),
  });
  const title = query.data ? t('training.welcomeTitle', { name: query.data.name }) : t('training.welcome');
  return (
    <>
      {preview && <PreviewBanner />}
      <PageTitle>{title}</PageTitle>
      {query.isPending && <Spinner animation="border" role="status" aria-label={t('app.loading')} />}
      {query.data && (
        <>
          <Markdown text={withoutRepeatedTitle(query.data.welcome || query.data.description, title)} />
          <Link to={`/training/${id}/board`} className="btn btn-primary">
            {t('training.enter')}
          </Link>
        </>
      )}
    </>
  );
}
