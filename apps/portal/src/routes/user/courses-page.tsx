import { useQuery } from '@tanstack/react-query';
import { Alert, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { profileApi } from './user-api.ts';

/** /user/courses: registered video courses of the external course platform (empty until it is connected). */
export function CoursesPage() {
  const { t } = useTranslation();
  const courses = useQuery({
    queryKey: ['user', 'courses'],
    queryFn: ({ signal }) => profileApi.courses(signal),
  });
  return (
    <>
      <PageTitle>{t('user.pages.courses')}</PageTitle>
      {courses.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      )}
      {courses.data && courses.data.courses.length === 0 && (
        <Alert variant="light" className="border" data-testid="courses-empty">
          {t('user.courses.empty')}
        </Alert>
      )}
      {courses.data && courses.data.courses.length > 0 && (
        <ListGroup>
          {courses.data.courses.map((course) => (
            <ListGroup.Item
              key={course.id}
              action
              href={course.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {course.name}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  );
}
