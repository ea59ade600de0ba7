import type { ClassPatch } from '@atrium/protocol/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Spinner, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { CertificatesPanel } from './certificates-panel.tsx';
import { ClassDetailsForm } from './class-details-form.tsx';
import { ClassStatus } from './class-status.tsx';
import { communityApi } from './community-api.ts';
import { CopyClassButton } from './copy-class-button.tsx';
import { DiscussionPanel } from './discussion-panel.tsx';
import { LinksPanel } from './links-panel.tsx';
import { MembersPanel } from './members-panel.tsx';
import { OutlinePanel } from './outline-panel.tsx';
import { ProgressPanel } from './progress-panel.tsx';
import { ReviewQueuePanel } from './review-queue-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { TasksPanel } from './tasks-panel.tsx';
import { useIsAdmin } from './use-is-admin.ts';

/** /console/classes/{id}: one class — publish and archive, then its outline, members, sessions, tasks… */
export function ClassPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const isAdmin = useIsAdmin();
  // Links from elsewhere (the home's review queue, a learner's progress) open a tab: ?tab=reviews.
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['community', 'class', id],
    queryFn: ({ signal }) => communityApi.getClass(id, signal),
  });
  const update = useMutation({
    mutationFn: (patch: ClassPatch) => communityApi.updateClass(id, patch),
    onSuccess: (cls) => {
      queryClient.setQueryData(['community', 'class', id], cls);
      void queryClient.invalidateQueries({ queryKey: ['community', 'classes'] });
    },
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const cls = query.data;
  return (
    <>
      <p className="mb-1">
        <Link to="/classes">{t('community.classes.back')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <PageTitle className="h3 mb-0">{cls.name}</PageTitle>
        <span data-testid="class-status">
          <ClassStatus cls={cls} />
        </span>
        {isAdmin && (
          <div className="ms-auto d-flex flex-wrap gap-2">
            <CopyClassButton cls={cls} />
            {!cls.archived && (
              <Button
                variant={cls.published ? 'outline-warning' : 'success'}
                disabled={update.isPending}
                onClick={() => update.mutate({ published: !cls.published })}
              >
                {cls.published ? t('community.class.unpublish') : t('community.class.publish')}
              </Button>
            )}
            <Button
              variant="outline-secondary"
              disabled={update.isPending}
              onClick={() => update.mutate({ archived: !cls.archived })}
            >
              {cls.archived ? t('community.class.unarchive') : t('community.class.archive')}
            </Button>
          </div>
        )}
      </div>
      <Tabs defaultActiveKey={search.get('tab') ?? 'outline'} id="class-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="outline" title={t('community.tabs.outline')}>
          <OutlinePanel classId={id} />
        </Tab>
        <Tab eventKey="members" title={t('community.tabs.members')}>
          <MembersPanel classId={id} published={cls.published} />
        </Tab>
        <Tab eventKey="sessions" title={t('community.tabs.sessions')}>
          <SessionsPanel classId={id} />
        </Tab>
        <Tab eventKey="tasks" title={t('community.tabs.tasks')}>
          <TasksPanel classId={id} />
        </Tab>
        <Tab eventKey="reviews" title={t('community.tabs.reviews')}>
          <ReviewQueuePanel classId={id} />
        </Tab>
        <Tab eventKey="progress" title={t('community.tabs.progress')}>
          <ProgressPanel classId={id} />
        </Tab>
        <Tab eventKey="discussion" title={t('discussion.tab')}>
          <DiscussionPanel classId={id} />
        </Tab>
        <Tab eventKey="certificates" title={t('community.tabs.certificates')}>
          <CertificatesPanel classId={id} />
        </Tab>
        <Tab eventKey="links" title={t('community.tabs.links')}>
          <LinksPanel classId={id} />
        </Tab>
        {isAdmin && (
          <Tab eventKey="details" title={t('community.tabs.details')}>
            <ClassDetailsForm cls={cls} />
          </Tab>
        )}
      </Tabs>
    </>
  );
}
