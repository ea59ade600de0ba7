import type { RegisteredCourse } from '@atrium/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SkeletonLines } from '../../components/skeleton-lines.tsx';
import { BindPlatformModal } from './bind-platform-modal.tsx';
import { profileApi } from './user-api.ts';

const coursesKey = ['user', 'courses'] as const;

/**
 * /user/courses: the learner's registered video courses on the external course platform (title, image,
 * progress, link). The server keeps the list for a while; 重新整理 asks the platform now. Without a bound
 * account the bind modal asks for one; without a configured platform the page only says there are none.
 */
export function CoursesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const courses = useQuery({
    queryKey: coursesKey,
    queryFn: ({ signal }) => profileApi.courses(false, signal),
  });
  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(coursesKey, await profileApi.courses(true));
    } finally {
      setRefreshing(false);
    }
  };
  const data = courses.data;
  return (
    <>
      <PageTitle>{t('user.pages.courses')}</PageTitle>
      {courses.isPending && <SkeletonLines lines={3} />}
      {courses.isError && (
        <LoadFailure error={courses.error} onRetry={courses.refetch} retrying={courses.isFetching} />
      )}
      {data?.platform && !data.platform.bound && <BindPlatformModal platform={data.platform} />}
      {data?.platform?.bound && (
        <div className="d-flex align-items-center gap-3 mb-3 small text-body-secondary">
          {data.fetched_at && (
            <span>
              {t('user.courses.fetchedAt', { at: new Date(data.fetched_at).toLocaleString('zh-TW') })}
            </span>
          )}
          <Button size="sm" variant="outline-secondary" onClick={refresh} disabled={refreshing}>
            {t('user.courses.refresh')}
          </Button>
        </div>
      )}
      {data && data.courses.length === 0 && (
        <Alert variant="light" className="border" data-testid="courses-empty">
          {t('user.courses.empty')}
        </Alert>
      )}
      {data && data.courses.length > 0 && (
        <div className="row g-3" data-testid="course-list">
          {data.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </div>
      )}
    </>
  );
}

function CourseCard({ course }: { course: RegisteredCourse }) {
  const { t } = useTranslation();
  return (
    <div className="col-sm-6 col-lg-4">
      <Card className="h-100" data-testid="course">
        {course.image && <Card.Img variant="top" src={course.image} alt="" />}
        <Card.Body>
          <Card.Title as="h2" className="h6">
            <a href={course.url} target="_blank" rel="noopener noreferrer">
              {course.name}
            </a>
          </Card.Title>
          {course.progress !== null && (
            <ProgressBar
              now={course.progress}
              label={t('user.courses.progress', { percent: Math.round(course.progress) })}
              aria-label={t('user.courses.progress', { percent: Math.round(course.progress) })}
            />
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
