import type { SubChapterView } from '@atrium/protocol/training';
import { ApiError } from '@atrium/web/api/api-error.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { DiscussionThread } from '../discussion/discussion-thread.tsx';
import { useBoardContext } from './board-layout.tsx';
import { Markdown, withoutRepeatedTitle } from './markdown.tsx';
import { trainingApi, trainingKeys } from './training-api.ts';

/**
 * /training/{id}/board/content/{chapterId}_{subId}: a sub-chapter shown in place. Its content is cached per
 * chapter_subchapter key for the whole visit (spec 1 §2): opening it again makes no request.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const { cls, preview } = useBoardContext();
  const { chapterKey = '' } = useParams();
  const [chapterId = '', subId = ''] = chapterKey.split('_');
  const query = useQuery({
    queryKey: trainingKeys.subChapter(cls.id, `${chapterId}_${subId}`, preview),
    queryFn: ({ signal }) => trainingApi.subChapter(cls.id, chapterId, subId, preview, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    enabled: Boolean(chapterId && subId),
    // Said in place below (a locked chapter is a state, not an accident): no toast repeating it.
    meta: { silent: true },
  });
  const known = cls.chapters.find((c) => c.id === chapterId)?.sub_chapters.find((s) => s.id === subId);

  if (query.isError) {
    const refused = query.error instanceof ApiError && query.error.status === 403;
    return (
      <>
        <PageTitle>{known?.name ?? t('training.content.title')}</PageTitle>
        <Alert variant={refused ? 'secondary' : 'danger'} data-testid="content-refused">
          {query.error instanceof ApiError && query.error.message
            ? query.error.message
            : t('training.loadFailed')}{' '}
          <Link className="alert-link" to={`/training/${cls.id}/board`}>
            {t('training.content.back')}
          </Link>
        </Alert>
      </>
    );
  }
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return <SubChapterContent classId={cls.id} sub={query.data} />;
}

function SubChapterContent({ classId, sub }: { classId: string; sub: SubChapterView }) {
  const { t } = useTranslation();
  if (sub.type === 'dashboard') return <Navigate to={`/training/${classId}/board`} replace />;
  return (
    <>
      <article data-testid="subchapter-content" data-type={sub.type}>
        <PageTitle>{sub.name}</PageTitle>
        {sub.type === 'markdown' && <Markdown text={withoutRepeatedTitle(sub.content, sub.name)} />}
        {sub.type === 'video' && <Video title={sub.name} src={sub.content} />}
        {sub.type === 'live' && (
          <>
            <p>{t('training.content.liveIntro')}</p>
            <a
              href={safeHttps(sub.content)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-danger mb-3"
            >
              {t('training.content.joinLive')}
            </a>
            <Embed
              title={sub.name}
              src={sub.content}
              allow="camera; microphone; fullscreen; display-capture"
            />
          </>
        )}
        {sub.type === 'link' && (
          <p>
            {t('training.content.linkIntro')}{' '}
            <a href={safeHttps(sub.content)} target="_blank" rel="noopener noreferrer" className="text-break">
              {sub.content}
              <span className="visually-hidden">{t('training.sidebar.newTab')}</span>
            </a>
          </p>
        )}
      </article>
      <DiscussionThread target={{ kind: 'sub_chapter', classId, chapterId: sub.chapter_id, subId: sub.id }} />
    </>
  );
}

/** Only https addresses are ever embedded or linked; anything else becomes an inert link. */
const safeHttps = (src: string) => (src.startsWith('https://') ? src : undefined);

function Video({ title, src }: { title: string; src: string }) {
  if (/\.(mp4|webm|ogg)(\?|$)/i.test(src)) {
    // biome-ignore lint/a11y/useMediaCaption: course videos carry no caption track yet
    return <video controls src={safeHttps(src)} className="w-100 rounded" aria-label={title} />;
  }
  return <Embed title={title} src={src} allow="fullscreen; picture-in-picture" />;
}

function Embed({ title, src, allow }: { title: string; src: string; allow: string }) {
  return (
    <div className="ratio ratio-16x9">
      <iframe
        title={title}
        src={safeHttps(src)}
        allow={allow}
        sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
        referrerPolicy="strict-origin-when-cross-origin"
        className="rounded border"
      />
    </div>
  );
}
