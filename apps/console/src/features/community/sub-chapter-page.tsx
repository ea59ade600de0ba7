import { Markdown, withoutRepeatedTitle } from '@atrium/markdown';
import { type AdminSubChapter, subChapterContentProblem, subChapterInput } from '@atrium/protocol/community';
import { subChapterTypes } from '@atrium/protocol/training';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { allowedOrigins, blockedSources } from './blocked-sources.ts';
import { communityApi, uploadCourseImage } from './community-api.ts';
import { useIsAdmin } from './use-is-admin.ts';

type Draft = Pick<AdminSubChapter, 'name' | 'icon' | 'type' | 'content' | 'enable' | 'published'>;

/**
 * /console/classes/{id}/sub-chapters/{subId}: edit a sub-chapter with its Markdown, upload images into it,
 * and see it beside the form exactly as learners will (the portal's own renderer, @atrium/markdown).
 */
export function SubChapterPage() {
  const { t } = useTranslation();
  const { id = '', subId = '' } = useParams();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const outline = useQuery({
    queryKey: ['community', 'outline', id],
    queryFn: ({ signal }) => communityApi.outline(id, signal),
  });
  const chapter = outline.data?.chapters.find((c) => c.sub_chapters.some((s) => s.id === subId));
  const sub = chapter?.sub_chapters.find((s) => s.id === subId);
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (sub && !draft) setDraft(sub);
  }, [sub, draft]);
  const save = useMutation({
    mutationFn: (d: Draft) => communityApi.updateSubChapter(subId, d),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['community', 'outline', id] });
      showToast('success', t('community.sub.saved'));
    },
  });
  // The portal's policy, read from the page the server serves it with (the console shares server and policy).
  const policy = useQuery({
    queryKey: ['portal-csp'],
    queryFn: async ({ signal }) => {
      const res = await fetch('/', { method: 'HEAD', credentials: 'same-origin', signal });
      return allowedOrigins(res.headers.get('content-security-policy') ?? '', location.origin);
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const file = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadCourseImage,
    onSuccess: (image) => setDraft((d) => d && { ...d, content: `${d.content}\n\n${image.markdown}\n` }),
  });

  if (outline.isPending) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  if (!sub || !draft) return <Alert variant="warning">{t('community.sub.notFound')}</Alert>;
  const nameError = subChapterInput.shape.name.safeParse(draft.name).error?.issues[0]?.message;
  const contentError = subChapterContentProblem(draft.type, draft.content);
  const blocked = policy.data ? blockedSources(draft.type, draft.content, policy.data) : [];
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const portalPath = `/training/${id}/board/content/${chapter!.id}_${sub.id}`;

  return (
    <>
      <p className="mb-1">
        <Link to={`/classes/${id}`}>{t('community.sub.back')}</Link>
      </p>
      <PageTitle>{t('community.sub.title', { name: sub.name })}</PageTitle>
      <Row className="g-4">
        <Col lg={6}>
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!nameError && !contentError) save.mutate(draft);
            }}
          >
            <fieldset disabled={!isAdmin}>
              <Form.Group className="mb-3" controlId="sub-name">
                <Form.Label>{t('community.sub.name')}</Form.Label>
                <Form.Control
                  value={draft.name}
                  onChange={(e) => set({ name: e.target.value })}
                  isInvalid={Boolean(nameError)}
                />
                <Form.Control.Feedback type="invalid">{nameError}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="sub-type">
                <Form.Label>{t('community.outline.type')}</Form.Label>
                <Form.Select
                  value={draft.type}
                  onChange={(e) => set({ type: e.target.value as Draft['type'] })}
                >
                  {subChapterTypes.map((ty) => (
                    <option key={ty} value={ty}>
                      {t(`community.types.${ty}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId="sub-content">
                <Form.Label>{t(`community.sub.content.${draft.type}`)}</Form.Label>
                <Form.Control
                  {...(draft.type === 'markdown' ? { as: 'textarea' as const, rows: 14 } : {})}
                  className={draft.type === 'markdown' ? 'font-monospace' : undefined}
                  value={draft.content}
                  onChange={(e) => set({ content: e.target.value })}
                  isInvalid={Boolean(contentError)}
                  disabled={draft.type === 'dashboard'}
                />
                <Form.Control.Feedback type="invalid">{contentError}</Form.Control.Feedback>
              </Form.Group>
              {blocked.length > 0 && (
                <Alert variant="warning" data-testid="csp-warning">
                  <p className="mb-1">{t('community.sub.blockedIntro')}</p>
                  <ul className="mb-0">
                    {blocked.map((b) => (
                      <li key={`${b.setting} ${b.origin}`}>
                        {t('community.sub.blocked', { origin: b.origin, setting: b.setting })}
                      </li>
                    ))}
                  </ul>
                </Alert>
              )}
              {draft.type === 'markdown' && (
                <div className="mb-3">
                  <Form.Label htmlFor="sub-image">{t('community.sub.image')}</Form.Label>
                  <Form.Control
                    id="sub-image"
                    ref={file}
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    onChange={(e) => {
                      const f = (e.target as HTMLInputElement).files?.[0];
                      if (f) upload.mutate(f);
                      if (file.current) file.current.value = '';
                    }}
                  />
                  <Form.Text className="text-body-secondary">{t('community.sub.imageHint')}</Form.Text>
                </div>
              )}
              <Form.Check
                type="switch"
                id="sub-enable"
                className="mb-2"
                label={t('community.outline.open')}
                checked={draft.enable}
                onChange={(e) => set({ enable: e.target.checked })}
              />
              <Form.Check
                type="switch"
                id="sub-published"
                className="mb-3"
                label={t('community.outline.published')}
                checked={draft.published}
                onChange={(e) => set({ published: e.target.checked })}
              />
              <Button type="submit" disabled={save.isPending || Boolean(nameError || contentError)}>
                {t('community.save')}
              </Button>
            </fieldset>
          </Form>
        </Col>
        <Col lg={6}>
          <Card>
            <Card.Header className="d-flex align-items-center">
              <h2 className="h6 mb-0">{t('community.sub.preview')}</h2>
              <Button
                size="sm"
                variant="link"
                className="ms-auto"
                onClick={() => {
                  // The portal shares this origin: its preview mode (spec 1 §4) is the same stored value.
                  localStorage.setItem('previewStatus', 'preview');
                  window.open(portalPath, '_blank', 'noopener');
                }}
              >
                {t('community.sub.openInPortal')}
              </Button>
            </Card.Header>
            <Card.Body data-testid="sub-preview">
              {!draft.enable && <Alert variant="secondary">{t('community.outline.notOpen')}</Alert>}
              <article>
                <h1 className="h3 mb-4">{draft.name}</h1>
                {draft.type === 'markdown' && (
                  <Markdown text={withoutRepeatedTitle(draft.content, draft.name)} />
                )}
                {draft.type !== 'markdown' && <p className="text-break">{draft.content}</p>}
              </article>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
