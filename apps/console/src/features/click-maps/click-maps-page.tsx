import type { ClickMapGrouping } from '@atrium/protocol/click-maps';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { clickMapsApi } from './click-maps-api.ts';
import { PagePicture } from './page-picture.tsx';
import './click-maps.css';

const PERIODS = [7, 30] as const;
const GROUPS = ['route', 'path'] as const satisfies readonly ClickMapGrouping[];

/**
 * /console/click-maps?path=…&days=7|30&group=path — pick a page, see where its clicks of the period landed
 * (ADR 0064). Pages are page templates (`/classes/:id`) unless the exact-path grouping is picked.
 */
export function ClickMapsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const days = PERIODS.find((d) => String(d) === params.get('days')) ?? 7;
  const group = GROUPS.find((g) => g === params.get('group')) ?? 'route';
  const path = params.get('path') ?? '';
  const [words, setWords] = useState('');
  const [asked, setAsked] = useState('');
  const pages = useQuery({
    queryKey: ['click-map-pages', days, group, asked],
    queryFn: ({ signal }) => clickMapsApi.pages({ days, group, ...(asked ? { q: asked } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
  const map = useQuery({
    queryKey: ['click-map', path, days, group],
    queryFn: ({ signal }) => clickMapsApi.map({ path, days, group }, signal),
    enabled: path.startsWith('/'),
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next);
  };

  return (
    <>
      <PageTitle className="h4 mb-3">{t('clickMaps.title')}</PageTitle>
      <Form
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(words.trim());
        }}
      >
        <Form.Group controlId="click-map-path">
          <Form.Label className="small mb-1">{t('clickMaps.pathContains')}</Form.Label>
          <Form.Control size="sm" value={words} maxLength={300} onChange={(e) => setWords(e.target.value)} />
        </Form.Group>
        <Button type="submit" size="sm">
          {t('clickMaps.search')}
        </Button>
        <Form.Group controlId="click-map-days">
          <Form.Label className="small mb-1">{t('clickMaps.period')}</Form.Label>
          <Form.Select size="sm" value={days} onChange={(e) => set('days', e.target.value)}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {t('clickMaps.days', { count: d })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="click-map-group">
          <Form.Label className="small mb-1">{t('clickMaps.groupBy')}</Form.Label>
          <Form.Select
            size="sm"
            value={group}
            onChange={(e) => {
              // The picked page belongs to the other grouping: the map follows the list's new entries.
              const next = new URLSearchParams(params);
              next.set('group', e.target.value);
              next.delete('path');
              setParams(next);
            }}
          >
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`clickMaps.group.${g}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {pages.isError && <Alert variant="danger">{t('clickMaps.loadFailed')}</Alert>}
      {pages.data?.pages.length === 0 && <p className="text-body-secondary">{t('clickMaps.noPages')}</p>}
      {pages.data && pages.data.pages.length > 0 && (
        <nav aria-label={t('clickMaps.pages')} className="mb-3">
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="click-map-pages">
            {pages.data.pages.map((p) => (
              <li key={p.path}>
                <Button
                  size="sm"
                  variant={p.path === path ? 'primary' : 'outline-primary'}
                  aria-current={p.path === path ? 'page' : undefined}
                  className="text-break text-start"
                  onClick={() => set('path', p.path)}
                >
                  <span className="font-monospace">{p.path}</span> ·{' '}
                  {t('clickMaps.clicks', { count: p.clicks })}
                  {group === 'route' && <> · {t('clickMaps.paths', { count: p.paths })}</>}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {map.isPending && map.fetchStatus !== 'idle' && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      )}
      {map.isError && <Alert variant="danger">{t('clickMaps.loadFailed')}</Alert>}
      {map.data && (
        <section aria-labelledby="click-map-title" data-testid="click-map">
          <h2 className="h5 text-break" id="click-map-title">
            <span className="font-monospace">{map.data.path}</span>
          </h2>
          <p className="small text-body-secondary" data-testid="click-map-summary">
            {t('clickMaps.summary', { count: map.data.clicks, sessions: map.data.sessions, days })}
            {map.data.group === 'route' && map.data.paths > 0 && (
              <> {t('clickMaps.routeSummary', { count: map.data.paths })}</>
            )}
          </p>
          {map.data.clicks === 0 ? (
            <p className="text-body-secondary">{t('clickMaps.noClicks')}</p>
          ) : (
            <div className="row g-3">
              <div className="col-12 col-lg-8">
                <PagePicture map={map.data} />
              </div>
              <div className="col-12 col-lg-4">
                <h3 className="h6">{t('clickMaps.topElements')}</h3>
                <Table size="sm" responsive data-testid="click-map-elements">
                  <thead>
                    <tr>
                      <th scope="col">{t('clickMaps.element')}</th>
                      <th scope="col" className="text-end">
                        {t('clickMaps.clicksCol')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {map.data.elements.map((e) => (
                      <tr key={`${e.label}|${e.selector}`}>
                        <td className="text-break">
                          {e.label || t('clickMaps.noLabel')}
                          {e.selector && (
                            <div className="small font-monospace text-body-secondary">{e.selector}</div>
                          )}
                        </td>
                        <td className="text-end">{e.clicks}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            </div>
          )}
        </section>
      )}
    </>
  );
}
