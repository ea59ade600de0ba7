import type { DiscussionReply } from '@atrium/protocol/discussion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge, Button, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadFailure } from '../../components/load-failure.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { Markdown } from '../training/markdown.tsx';
import { discussionApi, discussionKeys, type ThreadTarget } from './discussion-api.ts';
import { PostForm } from './post-form.tsx';

/**
 * The thread under a sub-chapter or a task (ADR 0061): pinned posts first, then the conversation top to bottom,
 * replies one level under their post. Learners write, reply, edit and delete their own; staff see hidden posts
 * marked (they hide them in the console).
 */
export function DiscussionThread({ target }: { target: ThreadTarget }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const key = discussionKeys.thread(target);
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => discussionApi.thread(target, page, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (v: { body: string; parentId?: string }) => discussionApi.post(target, v.body, v.parentId),
    onSuccess: refresh,
  });
  const { hash } = useLocation();
  const data = query.data;
  // A notification links to #post-{id}: once the thread is here, bring that post into view.
  useEffect(() => {
    if (!data || !hash.startsWith('#post-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [data, hash]);

  const pages = data ? Math.ceil(data.pagination.total / data.pagination.page_size) : 0;
  return (
    <section aria-labelledby="discussion-title" className="mt-4 border-top pt-3" data-testid="discussion">
      <h2 id="discussion-title" className="h5">
        {t('discussion.title')}
        {data && (
          <span className="text-body-secondary small ms-2">
            {t('discussion.count', { count: data.pagination.total })}
          </span>
        )}
      </h2>
      {!data ? (
        query.isError ? (
          <LoadFailure
            error={query.error}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
            testId="discussion-load-failure"
          >
            {t('discussion.loadFailed')}
          </LoadFailure>
        ) : (
          <Spinner animation="border" size="sm" role="status" aria-label={t('app.loading')} />
        )
      ) : (
        <>
          {data.can_post ? (
            <PostForm
              label={t('discussion.newPost')}
              submitLabel={t('discussion.send')}
              pending={create.isPending}
              onSubmit={(body) => create.mutateAsync({ body })}
              testId="discussion-new-post"
            />
          ) : (
            <p className="text-body-secondary" data-testid="discussion-read-only">
              {t('discussion.readOnly')}
            </p>
          )}
          {data.items.length === 0 && <p className="text-body-secondary">{t('discussion.empty')}</p>}
          <ol className="list-unstyled mb-0">
            {data.items.map((post) => (
              <li key={post.id}>
                <PostItem post={post} canPost={data.can_post} onChanged={refresh}>
                  {post.replies.length > 0 && (
                    <ol
                      className="list-unstyled ms-3 ms-md-4 ps-3 border-start"
                      aria-label={t('discussion.replies')}
                    >
                      {post.replies.map((reply) => (
                        <li key={reply.id}>
                          <PostItem post={reply} canPost={data.can_post} onChanged={refresh} />
                        </li>
                      ))}
                    </ol>
                  )}
                </PostItem>
                {data.can_post && !post.deleted && (
                  <ReplyBox
                    onReply={(body) => create.mutateAsync({ body, parentId: post.id })}
                    pending={create.isPending}
                  />
                )}
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <Pagination size="sm" aria-label={t('discussion.pages')}>
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <Pagination.Item key={n} active={n === page} onClick={() => setPage(n)}>
                  {n}
                </Pagination.Item>
              ))}
            </Pagination>
          )}
        </>
      )}
    </section>
  );
}

function ReplyBox({ onReply, pending }: { onReply: (body: string) => Promise<unknown>; pending: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="link" size="sm" className="ms-3 mb-2 p-0" onClick={() => setOpen(true)}>
        {t('discussion.reply')}
      </Button>
    );
  return (
    <div className="ms-3 ms-md-4">
      <PostForm
        label={t('discussion.replyLabel')}
        submitLabel={t('discussion.sendReply')}
        pending={pending}
        onSubmit={(body) => onReply(body).then(() => setOpen(false))}
        onCancel={() => setOpen(false)}
        testId="discussion-reply-form"
      />
    </div>
  );
}

function PostItem({
  post,
  canPost,
  onChanged,
  children,
}: {
  post: DiscussionReply;
  canPost: boolean;
  onChanged: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useMutation({
    mutationFn: (body: string) => discussionApi.edit(post.id, body),
    onSuccess: async () => {
      setEditing(false);
      await onChanged();
    },
  });
  const remove = useMutation({ mutationFn: () => discussionApi.remove(post.id), onSuccess: onChanged });
  return (
    <>
      <article
        id={`post-${post.id}`}
        className={`py-2 ${post.hidden ? 'border-start border-3 border-secondary ps-2' : ''}`}
        data-testid="discussion-post"
        data-hidden={post.hidden}
      >
        {post.deleted ? (
          <p className="fst-italic text-body-secondary mb-1">{t('discussion.deleted')}</p>
        ) : (
          <>
            <header className="d-flex flex-wrap align-items-baseline gap-2 small">
              <strong>{post.author.nickname}</strong>
              <time className="text-body-secondary" dateTime={post.created_at}>
                {formatDateTime(post.created_at)}
              </time>
              {post.edited_at && <span className="text-body-secondary">{t('discussion.edited')}</span>}
              {post.pinned && <Badge bg="primary">{t('discussion.pinned')}</Badge>}
              {post.hidden && (
                <Badge bg="secondary" data-testid="discussion-hidden-mark">
                  {t('discussion.hidden')}
                </Badge>
              )}
            </header>
            {editing ? (
              <PostForm
                label={t('discussion.editLabel')}
                submitLabel={t('discussion.save')}
                initial={post.body}
                pending={edit.isPending}
                onSubmit={(body) => edit.mutateAsync(body)}
                onCancel={() => setEditing(false)}
                testId="discussion-edit-form"
              />
            ) : (
              <div className="text-break discussion-body">
                <Markdown text={post.body} />
              </div>
            )}
            {post.mine && canPost && !editing && (
              <div className="d-flex flex-wrap gap-2 small">
                <Button variant="link" size="sm" className="p-0" onClick={() => setEditing(true)}>
                  {t('discussion.edit')}
                </Button>
                {confirming ? (
                  <>
                    <span>{t('discussion.confirmDelete')}</span>
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 text-danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate()}
                    >
                      {t('discussion.delete')}
                    </Button>
                    <Button variant="link" size="sm" className="p-0" onClick={() => setConfirming(false)}>
                      {t('discussion.cancel')}
                    </Button>
                  </>
                ) : (
                  <Button variant="link" size="sm" className="p-0" onClick={() => setConfirming(true)}>
                    {t('discussion.delete')}
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </article>
      {/* Replies follow their post rather than sit inside it: each is a post of its own. */}
      {children}
    </>
  );
}
