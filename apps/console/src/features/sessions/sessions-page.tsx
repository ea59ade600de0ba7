import { type RecordingSearchParams, recordingSignal, recordingSort } from '@atrium/protocol/recordings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Col, Form, Pagination, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { sessionsApi } from './sessions-api.ts';
import { SessionsTable } from './sessions-table.tsx';

// New sessions show up without a reload: the list asks again every 10 s while it is on screen.
const REFRESH_MS = 10_000;
const FIELDS = [
  'learner',
  'from',
  'to',
  'minMinutes',
  'maxMinutes',
  'url',
  'minPages',
  'browser',
  'os',
  'hasErrors',
  'hasFailedRequests',
  'signal',
  'visitedUrl',
  'clickedText',
  'errorText',
  'failedUrl',
  'customEvent',
  'sort',
  'order',
] as const;
/** What-happened terms (ADR 0059): the server wants 3–200 characters; shorter ones are left out of the call. */
const term = (value: string) => (value.trim().length >= 3 ? value.trim().slice(0, 200) : undefined);
// The address keeps the form's names; the call and the labels use the protocol's.
const TERMS = [
  ['visitedUrl', 'visited_url'],
  ['clickedText', 'clicked_text'],
  ['errorText', 'error_text'],
  ['failedUrl', 'failed_url'],
  ['customEvent', 'custom_event'],
] as const;
/** A yes/no filter of the address: only `true` or `false` reach the call. */
const flagOf = (value: string) => (value === 'true' || value === 'false' ? value : undefined);

/** /console/sessions — the search over recorded sessions; the filters live in the address, so it can be shared. */
export function SessionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const page = Number(params.get('page')) || 1;
  // The address keeps the form's own names (shared links stay valid); the call uses the protocol's.
  const query: RecordingSearchParams = {
    learner: get('learner') || undefined,
    from: get('from') ? new Date(get('from')).toISOString() : undefined,
    to: get('to') ? new Date(`${get('to')}T23:59:59`).toISOString() : undefined,
    min_duration_ms: get('minMinutes') ? Number(get('minMinutes')) * 60_000 : undefined,
    max_duration_ms: get('maxMinutes') ? Number(get('maxMinutes')) * 60_000 : undefined,
    url: get('url') || undefined,
    min_pages: get('minPages') || undefined,
    browser: get('browser') || undefined,
    os: get('os') || undefined,
    has_errors: flagOf(get('hasErrors')),
    has_failed_requests: flagOf(get('hasFailedRequests')),
    signal: recordingSignal.safeParse(get('signal')).data,
    visited_url: term(get('visitedUrl')),
    clicked_text: term(get('clickedText')),
    error_text: term(get('errorText')),
    failed_url: term(get('failedUrl')),
    custom_event: term(get('customEvent')),
    sort: recordingSort.safeParse(get('sort')).data,
    order: get('order') === 'asc' ? 'asc' : undefined,
    page,
    page_size: 20,
  };
  const list = useQuery({
    queryKey: ['sessions', query],
    queryFn: ({ signal }) => sessionsApi.search(query, signal),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState(() => Object.fromEntries(FIELDS.map((k) => [k, get(k)])));
  const field = (k: (typeof FIELDS)[number]) => ({
    value: draft[k] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v) next.set(k, v);
    setParams(next);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  return (
    <>
      <PageTitle>{t('sessions.title')}</PageTitle>
      <Form onSubmit={submit} className="bg-white border rounded p-3 mb-3" aria-label={t('sessions.filters')}>
        <Row className="g-2">
          <Col md={4}>
            <Form.Label htmlFor="f-learner">{t('sessions.f.learner')}</Form.Label>
            <Form.Control id="f-learner" type="search" {...field('learner')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-from">{t('sessions.f.from')}</Form.Label>
            <Form.Control id="f-from" type="date" {...field('from')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-to">{t('sessions.f.to')}</Form.Label>
            <Form.Control id="f-to" type="date" {...field('to')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-min">{t('sessions.f.minMinutes')}</Form.Label>
            <Form.Control id="f-min" type="number" min={0} {...field('minMinutes')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-max">{t('sessions.f.maxMinutes')}</Form.Label>
            <Form.Control id="f-max" type="number" min={0} {...field('maxMinutes')} />
          </Col>
          <Col md={4}>
            <Form.Label htmlFor="f-url">{t('sessions.f.url')}</Form.Label>
            <Form.Control id="f-url" type="search" maxLength={500} {...field('url')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-pages">{t('sessions.f.minPages')}</Form.Label>
            <Form.Control id="f-pages" type="number" min={0} {...field('minPages')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-browser">{t('sessions.f.browser')}</Form.Label>
            <Form.Control id="f-browser" {...field('browser')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-os">{t('sessions.f.os')}</Form.Label>
            <Form.Control id="f-os" {...field('os')} />
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-errors">{t('sessions.f.errors')}</Form.Label>
            <Form.Select id="f-errors" {...field('hasErrors')}>
              <option value="">{t('sessions.f.any')}</option>
              <option value="true">{t('sessions.f.with')}</option>
              <option value="false">{t('sessions.f.without')}</option>
            </Form.Select>
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-failed">{t('sessions.f.failed')}</Form.Label>
            <Form.Select id="f-failed" {...field('hasFailedRequests')}>
              <option value="">{t('sessions.f.any')}</option>
              <option value="true">{t('sessions.f.with')}</option>
              <option value="false">{t('sessions.f.without')}</option>
            </Form.Select>
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-signal">{t('sessions.f.signal')}</Form.Label>
            <Form.Select id="f-signal" {...field('signal')}>
              <option value="">{t('sessions.f.any')}</option>
              {recordingSignal.options.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`player.signal.${kind}`)}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-sort">{t('sessions.f.sort')}</Form.Label>
            <Form.Select id="f-sort" {...field('sort')}>
              <option value="">{t('sessions.sort.startedAt')}</option>
              <option value="duration">{t('sessions.sort.duration')}</option>
              <option value="pages">{t('sessions.sort.pages')}</option>
              <option value="errors">{t('sessions.sort.errors')}</option>
            </Form.Select>
          </Col>
          <Col md={2}>
            <Form.Label htmlFor="f-order">{t('sessions.f.order')}</Form.Label>
            <Form.Select id="f-order" {...field('order')}>
              <option value="">{t('sessions.order.desc')}</option>
              <option value="asc">{t('sessions.order.asc')}</option>
            </Form.Select>
          </Col>
          <Col md={12}>
            <fieldset className="row g-2">
              <legend className="fs-6 mb-0">{t('sessions.f.happened')}</legend>
              {TERMS.map(([name, kind]) => (
                <Col md key={name}>
                  <Form.Label htmlFor={`f-${name}`}>{t(`sessions.match.${kind}`)}</Form.Label>
                  <Form.Control
                    id={`f-${name}`}
                    type="search"
                    minLength={3}
                    maxLength={200}
                    {...field(name)}
                  />
                </Col>
              ))}
            </fieldset>
          </Col>
          <Col md={12} className="d-flex gap-2">
            <Button type="submit">{t('sessions.search')}</Button>
          </Col>
        </Row>
      </Form>
      <p className="small text-body-secondary" aria-live="polite">
        {!list.data
          ? t('app.loading')
          : list.data.total_capped
            ? t('sessions.total-capped', { count: list.data.total })
            : t('sessions.total', { count: list.data.total })}
      </p>
      <SessionsTable sessions={list.data?.sessions ?? []} />
      {pages > 1 && (
        <Pagination size="sm" aria-label={t('sessions.pages')}>
          <Pagination.Prev disabled={page <= 1} onClick={() => goTo(page - 1)} />
          <Pagination.Item active>{page}</Pagination.Item>
          <Pagination.Next disabled={page >= pages} onClick={() => goTo(page + 1)} />
        </Pagination>
      )}
    </>
  );
}
