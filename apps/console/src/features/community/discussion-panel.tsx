import type { ConsoleDiscussionPost } from '@atrium/protocol/discussion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, ButtonGroup, ListGroup, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { discussionApi, discussionKeys } from './discussion-api.ts';
import { formatTime } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

/**
 * The class's 討論 tab: every post and reply, newest first, with the thread it is in. Admins hide a post from
 * learners (and show it again), pin a post to the top of its thread, or delete it; each is audited (ADR 0061).
 */
export function DiscussionPanel({ classId }: { classId: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState<'all' | 'hidden'>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...discussionKeys.posts(classId), show, page],
    queryFn: ({ signal }) => discussionApi.posts(classId, page, show, signal),
  });
  // The thread's name comes from the outline and the task list the other tabs load anyway.
  const outline = useQuery({
    queryKey: ['community', 'outline', classId],
    queryFn: ({ signal }) => communityApi.outline(classId, signal),
  });
  const tasks = useQuery({
    queryKey: ['community', 'tasks', classId],
    queryFn: ({ signal }) => communityApi.tasks(classId, signal),
  });
  const names = new Map<string, string>();
  for (const ch of outline.data?.chapters ?? [])
    for (const sub of ch.sub_chapters) names.set(sub.id, `${ch.name} › ${sub.name}`);
  for (const task of tasks.data?.items ?? []) names.set(task.id, task.title);

  const data = query.data;
  const pages = data ? Math.ceil(data.pagination.total / data.pagination.page_size) : 0;
  const choose = (next: 'all' | 'hidden') => {
    setShow(next);
    setPage(1);
  };
  return (
    <section aria-labelledby="discussion-heading">
      <h2 id="discussion-heading" className="h5">
        {t('discussion.heading')}
      </h2>
      <p className="text-body-secondary">{t('discussion.intro')}</p>
      <ButtonGroup aria-label={t('discussion.filter')} className="mb-3">
        <Button
          variant={show === 'all' ? 'primary' : 'outline-primary'}
          aria-pressed={show === 'all'}
          onClick={() => choose('all')}
        >
          {t('discussion.showAll')}
        </Button>
        <Button
          variant={show === 'hidden' ? 'primary' : 'outline-primary'}
          aria-pressed={show === 'hidden'}
          onClick={() => choose('hidden')}
        >
          {t('discussion.showHidden')}
        </Button>
      </ButtonGroup>
      {!data ? (
        <Spinner animation="border" role="status" aria-label={t('app.loading')} />
      ) : data.items.length === 0 ? (
        <p className="text-body-secondary">
          {t(show === 'hidden' ? 'discussion.noneHidden' : 'discussion.empty')}
        </p>
      ) : (
        <ListGroup as="ol" data-testid="discussion-posts">
          {data.items.map((post) => (
            <DiscussionItem key={post.id} post={post} classId={classId} thread={names.get(post.target_id)} />
          ))}
        </ListGroup>
      )}
      {pages > 1 && (
        <Pagination size="sm" className="mt-3" aria-label={t('discussion.pages')}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Pagination.Item key={n} active={n === page} onClick={() => setPage(n)}>
              {n}
            </Pagination.Item>
          ))}
        </Pagination>
      )}
    </section>
  );
}

/** Where the learners read the thread, at this post. */
function portalLink(post: ConsoleDiscussionPost, classId: string): string {
  const at = `#post-${post.parent_id ?? post.id}`;
  return post.target_kind === 'task'
    ? `/tasks/${post.target_id}${at}`
    : `/training/${classId}/board/content/${post.chapter_id}_${post.target_id}${at}`;
}

function DiscussionItem({
  post,
  classId,
  thread,
}: {
  post: ConsoleDiscussionPost;
  classId: string;
  thread: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: discussionKeys.posts(classId) });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => discussionApi.hide(post.id, hidden),
    onSuccess: done,
  });
  const pin = useMutation({
    mutationFn: (pinned: boolean) => discussionApi.pin(post.id, pinned),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: () => discussionApi.remove(post.id), onSuccess: done });
  const busy = hide.isPending || pin.isPending || remove.isPending;
  const kind = t(post.target_kind === 'task' ? 'discussion.kind.task' : 'discussion.kind.subChapter');
  return (
    <ListGroup.Item as="li" data-testid="discussion-item" data-hidden={post.hidden}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 small mb-1">
        <strong>{post.author.nickname}</strong>
        <span className="text-body-secondary">{formatTime(post.created_at, i18n.language)}</span>
        <span>
          {kind}：{thread ?? t('discussion.unknownThread')}
        </span>
        {post.parent_id && (
          <Badge bg="light" text="dark">
            {t('discussion.reply')}
          </Badge>
        )}
        {post.pinned && <Badge bg="primary">{t('discussion.pinned')}</Badge>}
        {post.hidden && <Badge bg="secondary">{t('discussion.hidden')}</Badge>}
        {post.deleted && <Badge bg="dark">{t('discussion.deleted')}</Badge>}
        {post.edited_at && <span className="text-body-secondary">{t('discussion.edited')}</span>}
        {post.reply_count > 0 && (
          <span className="text-body-secondary">
            {t('discussion.replyCount', { count: post.reply_count })}
          </span>
        )}
      </div>
      {!post.deleted && (
        <p className="mb-2 text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="discussion-body">
          {post.body}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <a
          className="btn btn-sm btn-link px-0"
          href={portalLink(post, classId)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('discussion.openInPortal')}
        </a>
        {isAdmin && !post.deleted && (
          <>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => hide.mutate(!post.hidden)}
            >
              {post.hidden ? t('discussion.unhide') : t('discussion.hide')}
            </Button>
            {!post.parent_id && (
              <Button
                size="sm"
                variant="outline-primary"
                disabled={busy}
                onClick={() => pin.mutate(!post.pinned)}
              >
                {post.pinned ? t('discussion.unpin') : t('discussion.pin')}
              </Button>
            )}
            <ConfirmButton
              question={t('discussion.confirmDelete')}
              label={t('discussion.delete')}
              onConfirm={() => remove.mutate()}
            />
          </>
        )}
      </div>
    </ListGroup.Item>
  );
}
