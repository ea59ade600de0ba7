import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { coursePlatformApi } from '../account/course-platform-api.ts';
import { goToProvider, oidcApi } from '../account/oidc-api.ts';
import { profileQueryKey } from './user-queries.ts';

/**
 * The profile's `thirdparty` list (spec 1 §3): every linked account by its platform's name, and for each
 * configured third-party sign-in provider a link or unlink button (ADR 0036); a course-platform binding
 * (Teachable) is unbound from here too (issue 23).
 */
export function ThirdpartyLinks({ thirdparty }: { thirdparty: { platform: string; email: string }[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useQuery({
    queryKey: ['oidc', 'providers'],
    queryFn: ({ signal }) => oidcApi.providers(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const platforms = useQuery({
    queryKey: ['course-platforms'],
    queryFn: ({ signal }) => coursePlatformApi.platforms(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const link = useMutation({ mutationFn: (name: string) => goToProvider(name, 'link') });
  const coursePlatforms = platforms.data?.platforms ?? [];
  const isCoursePlatform = (name: string) => coursePlatforms.some((p) => p.name === name);
  const unlink = useMutation({
    mutationFn: (name: string) =>
      isCoursePlatform(name) ? coursePlatformApi.unbind(name) : oidcApi.unlink(name),
    onSuccess: () => {
      showToast('success', t('oidc.unlinked'));
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
  const offered = providers.data?.providers ?? [];
  const nameOf = (platform: string) =>
    [...offered, ...coursePlatforms].find((p) => p.name === platform)?.display_name ?? platform;
  const unlinkedProviders = offered.filter((p) => !thirdparty.some((a) => a.platform === p.name));
  if (thirdparty.length === 0 && offered.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="thirdparty-title" data-testid="thirdparty">
      <h2 id="thirdparty-title" className="h6">
        {t('user.profile.thirdparty')}
      </h2>
      <ul className="list-unstyled mb-2">
        {thirdparty.map((account) => (
          <li key={account.platform} className="d-flex align-items-center gap-2 mb-1">
            <span>
              {nameOf(account.platform)}：{account.email}
            </span>
            {(offered.some((p) => p.name === account.platform) || isCoursePlatform(account.platform)) && (
              <Button
                size="sm"
                variant="outline-danger"
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(account.platform)}
                aria-label={`${t('oidc.unlink')} ${nameOf(account.platform)}`}
              >
                {t('oidc.unlink')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {unlinkedProviders.map((p) => (
        <Button
          key={p.name}
          size="sm"
          variant="outline-secondary"
          className="me-2"
          disabled={link.isPending}
          onClick={() => link.mutate(p.name)}
        >
          {t('oidc.link', { name: p.display_name })}
        </Button>
      ))}
    </section>
  );
}
