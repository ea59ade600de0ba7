import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { goToProvider, oidcApi } from './oidc-api.ts';

/** The sign-in page's third-party providers (none configured: nothing is shown). */
export function OidcButtons() {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['oidc', 'providers'],
    queryFn: ({ signal }) => oidcApi.providers(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const go = useMutation({ mutationFn: (name: string) => goToProvider(name, 'login') });
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-3 d-grid gap-2">
      {list.map((p) => (
        <Button
          key={p.name}
          variant="outline-secondary"
          disabled={go.isPending}
          onClick={() => go.mutate(p.name)}
        >
          {t('oidc.signInWith', { name: p.display_name })}
        </Button>
      ))}
    </div>
  );
}
