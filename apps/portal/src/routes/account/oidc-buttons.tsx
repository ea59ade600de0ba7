import { useTranslation } from 'react-i18next';
import { ExternalSignInButtons } from './external-sign-in-buttons.tsx';
import { goToProvider, oidcApi } from './oidc-api.ts';

/** The sign-in page's third-party providers (none configured: nothing is shown). */
export function OidcButtons() {
  const { t } = useTranslation();
  return (
    <ExternalSignInButtons
      className="mt-3"
      queryKey={['oidc', 'providers']}
      list={async (signal) => (await oidcApi.providers(signal)).providers}
      go={(name) => goToProvider(name, 'login')}
      label={(name) => t('oidc.signInWith', { name })}
    />
  );
}
