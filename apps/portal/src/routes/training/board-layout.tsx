import type { TrainingClass } from '@atrium/protocol/training';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.tsx';
import { TrainingSidebar } from '../../components/training-sidebar.tsx';
import { PreviewBanner } from './preview-banner.tsx';
import { usePreviewMode } from './preview-status.ts';
import { trainingApi, trainingKeys } from './training-api.ts';

export interface BoardContext {
  cls: TrainingClass;
  preview: boolean;
}

export const useBoardContext = () => useOutletContext<BoardContext>();

/** Bootstrap's md breakpoint: below it the sidebar sits above the content instead of beside it. */
const isPhone = () => window.matchMedia?.('(max-width: 767.98px)').matches ?? false;

/** /training/{id}/board: the class main screen — the sidebar beside the board or the opened content. */
export function BoardLayout() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const preview = usePreviewMode();
  // On a phone the sidebar would push the content below the fold: it starts closed and closes after a pick.
  const [sidebarOpen, setSidebarOpen] = useState(() => !isPhone());
  const query = useQuery({
    queryKey: trainingKeys.class(id, preview),
    queryFn: ({ signal }) => trainingApi.class(id, preview, signal),
    meta: { withStatus: true },
  });

  return (
    <>
      {preview && <PreviewBanner />}
      {query.isPending && <Spinner animation="border" role="status" aria-label={t('app.loading')} />}
      {/* The server's message is in the toast (spec 1 §8, with the status code); here only a way on. */}
      {query.isError && (
        <LoadFailure
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
          testId="class-error"
        >
          <Link className="alert-link" to="/training">
            {t('training.backToList')}
          </Link>
        </LoadFailure>
      )}
      {query.data?.archived && (
        <Alert variant="secondary" data-testid="class-archived">
          {t('training.archived')}
        </Alert>
      )}
      {query.data && (
        <div className="row g-4">
          <div className="col-12 d-flex">
            <Button
              variant="outline-secondary"
              size="sm"
              aria-expanded={sidebarOpen}
              aria-controls="training-sidebar-panel"
              onClick={() => setSidebarOpen((v) => !v)}
              data-testid="sidebar-toggle"
            >
              {sidebarOpen ? t('training.sidebar.hide') : t('training.sidebar.show')}
            </Button>
          </div>
          <aside
            id="training-sidebar-panel"
            className="col-12 col-md-4 col-lg-3"
            hidden={!sidebarOpen}
            aria-label={t('training.sidebar.panel')}
          >
            <div className="border rounded-3 p-3 bg-white">
              <TrainingSidebar cls={query.data} onNavigate={() => isPhone() && setSidebarOpen(false)} />
            </div>
          </aside>
          <section className={sidebarOpen ? 'col-12 col-md-8 col-lg-9' : 'col-12'}>
            <Outlet context={{ cls: query.data, preview } satisfies BoardContext} />
          </section>
        </div>
      )}
    </>
  );
}
