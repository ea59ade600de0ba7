import { useTranslation } from 'react-i18next';
import { coursePlatformApi, goToCoursePlatform } from './course-platform-api.ts';
import { ExternalSignInButtons } from './external-sign-in-buttons.tsx';

/** The sign-in page's course-platform button; nothing when no platform is configured. */
export function CoursePlatformButtons() {
  const { t } = useTranslation();
  return (
    <ExternalSignInButtons
      className="mt-2"
      queryKey={['course-platforms']}
      list={async (signal) => (await coursePlatformApi.platforms(signal)).platforms}
      go={(name) => goToCoursePlatform(name, 'user', '/user/courses')}
      label={(name) => t('coursePlatform.signInWith', { name })}
    />
  );
}
