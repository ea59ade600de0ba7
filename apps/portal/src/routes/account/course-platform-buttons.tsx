import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { coursePlatformApi, goToCoursePlatform } from './course-platform-api.ts';

/** The sign-in page's course-platform button; nothing when no platform is configured. */
export function CoursePlatformButtons() {
  const { t } = useTranslation();
  const platforms = useQuery({
    queryKey: ['course-platforms'],
    queryFn: ({ signal }) => coursePlatformApi.platforms(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const go = useMutation({ mutationFn: (name: string) => goToCoursePlatform(name, 'user', '/user/courses') });
  const list = platforms.data?.platforms ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-2 d-grid gap-2">
      {list.map((p) => (
        <Button
          key={p.name}
          variant="outline-secondary"
          disabled={go.isPending}
          onClick={() => go.mutate(p.name)}
        >
          {t('coursePlatform.signInWith', { name: p.display_name })}
        </Button>
      ))}
    </div>
  );
}
