import type { NotifyMessage } from '@atrium/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, ButtonGroup, Card, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifyApi } from './user-api.ts';
import { notifyQueryKey, useUnreadCount } from './user-queries.ts';

const filters = { all: undefined, unread: 0, read: 1 } as const;
type Filter = keyof typeof filters;

/** /user/messages: pages of notifications, filtered by read state, marked read or unread one by one or all. */
export function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter: Filter =
    params.get('filter') === 'unread' || params.get('filter') === 'read'
      ? (params.get('filter') as Filter)
      : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const unread = useUnreadCount();

  const list = useQuery({
    queryKey: [...notifyQueryKey, 'list', page, filters[filter] ?? 'all'],
    queryFn: ({ signal }) => notifyApi.list(page, filters[filter], signal),
    placeholderData: keepPreviousData,
  });
  const constants = useQuery({
    queryKey: [...notifyQueryKey, 'constants'],
    queryFn: ({ signal }) => notifyApi.constants(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const labelOf = (category: string) =>
    constants.data?.categories.find((c) => c.value === category)?.label ?? category;

  // Any change refreshes the list and the unread badge at once (spec 1 §4).
  const refresh = () => queryClient.invalidateQueries({ queryKey: notifyQueryKey });
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      read ? notifyApi.read(id) : notifyApi.unread(id),
    onSettled: refresh,
  });
  const markAll = useMutation({ mutationFn: notifyApi.readAll, onSettled: refresh });

  const go = (next: { filter?: Filter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    setParams({ ...(f === 'all' ? {} : { filter: f }), ...(p === 1 ? {} : { page: String(p) }) });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <>
      <PageTitle>{t('user.pages.messages')}</PageTitle>
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <ButtonGroup aria-label={t('user.messages.filter')}>
          {(Object.keys(filters) as Filter[]).map((f) => (
            <Button
              key={f}
              variant={f === filter ? 'primary' : 'outline-primary'}
              aria-pressed={f === filter}
              onClick={() => go({ filter: f })}
            >
              {t(`user.messages.filters.${f}`)}
            </Button>
          ))}
        </ButtonGroup>
        <Button
          variant="outline-secondary"
          onClick={() => markAll.mutate()}
          disabled={!unread || markAll.isPending}
        >
          {t('user.messages.readAll')}
        </Button>
      </div>

      {list.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      )}
      {list.data && list.data.list.length === 0 && (
        <Alert variant="light" className="border" data-testid="messages-empty">
          {t(`user.messages.empty.${filter}`)}
        </Alert>
      )}
      <ul className="list-unstyled d-flex flex-column gap-2" aria-label={t('user.pages.messages')}>
        {list.data?.list.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            category={labelOf(message.category)}
            busy={mark.isPending && mark.variables?.id === message.id}
            onMark={(read) => mark.mutate({ id: message.id, read })}
          />
        ))}
      </ul>

      {pages > 1 && (
        <nav aria-label={t('user.messages.pagination')}>
          <Pagination className="justify-content-center">
            {/* Items, not Pagination.Prev/Next: those add a hidden English "Previous"/"Next" as the name. */}
            <Pagination.Item disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              {t('user.messages.prev')}
            </Pagination.Item>
            {Array.from({ length: pages }, (_, i) => i + 1)
              .filter((p) => p === 1 || p === pages || Math.abs(p - page) <= 2)
              .map((p) => (
                <Pagination.Item
                  key={p}
                  active={p === page}
                  activeLabel={t('pagination.current')}
                  onClick={() => go({ page: p })}
                >
                  {p}
                </Pagination.Item>
              ))}
            <Pagination.Item disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              {t('user.messages.next')}
            </Pagination.Item>
          </Pagination>
        </nav>
      )}
    </>
  );
}

function MessageItem({
  message,
  category,
  busy,
  onMark,
}: {
  message: NotifyMessage;
  category: string;
  busy: boolean;
  onMark: (read: boolean) => void;
}) {
  const { t } = useTranslation();
  const when = formatDateTime(message.created_at);
  return (
    <li>
      <Card
        className={message.is_read ? '' : 'border-primary'}
        data-testid="message"
        data-read={message.is_read ? '1' : '0'}
      >
        <Card.Body>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
            {!message.is_read && <Badge bg="primary">{t('user.messages.new')}</Badge>}
            <Badge bg="secondary">{category}</Badge>
            <time className="small text-body-secondary" dateTime={message.created_at}>
              {when}
            </time>
          </div>
          <h2 className="h6 fw-semibold mb-1">{message.title}</h2>
          {message.body && (
            <p className="mb-2 text-break" style={{ whiteSpace: 'pre-line' }}>
              {message.body}
            </p>
          )}
          <div className="d-flex gap-3 align-items-center">
            {message.link &&
              (message.link.startsWith('/') ? (
                <Link to={message.link}>{t('user.messages.open')}</Link>
              ) : (
                <a href={message.link} target="_blank" rel="noopener noreferrer">
                  {t('user.messages.open')}
                </a>
              ))}
            <Button
              size="sm"
              variant="link"
              className="p-0"
              disabled={busy}
              onClick={() => onMark(!message.is_read)}
              aria-label={t(message.is_read ? 'user.messages.markUnreadOf' : 'user.messages.markReadOf', {
                title: message.title,
              })}
            >
              {t(message.is_read ? 'user.messages.markUnread' : 'user.messages.markRead')}
            </Button>
          </div>
        </Card.Body>
      </Card>
    </li>
  );
}
