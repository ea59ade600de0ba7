import { useState } from 'react';
import { Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { AgentTimeChart } from './agent-time-chart.tsx';
import { formatDuration } from './format-duration.ts';
import { dayOf, type Period, useAssistStats } from './use-assist-stats.ts';

/** The last seven days, today included. */
function lastWeek(): Period {
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  return { from: dayOf(from), to: dayOf(today) };
}

/**
 * /console/assist-stats (admins): per agent over a period, the sessions assisted, calls with their total and
 * average length, and remote control time, as the relay recorded them (ADR 0065), with a chart of the times.
 */
export function AssistStatsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(lastWeek);
  const stats = useAssistStats(period);
  const backwards = period.from > period.to;
  return (
    <>
      <PageTitle>{t('assistStats.title')}</PageTitle>
      <Form className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Row className="g-2" style={{ maxWidth: 480 }}>
          <Col xs={12} sm={6}>
            <Form.Group controlId="assist-stats-from">
              <Form.Label>{t('assistStats.from')}</Form.Label>
              <Form.Control
                type="date"
                value={period.from}
                max={period.to}
                onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
              />
            </Form.Group>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Group controlId="assist-stats-to">
              <Form.Label>{t('assistStats.to')}</Form.Label>
              <Form.Control
                type="date"
                value={period.to}
                min={period.from}
                onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
              />
            </Form.Group>
          </Col>
        </Row>
      </Form>
      {backwards ? (
        <p role="alert">{t('assistStats.backwards')}</p>
      ) : stats.isPending ? (
        <Spinner animation="border" role="status" aria-label={t('assistStats.loading')} />
      ) : stats.isError ? (
        <p role="alert">{t('assistStats.error')}</p>
      ) : stats.data.length === 0 ? (
        <p>{t('assistStats.empty')}</p>
      ) : (
        <>
          <AgentTimeChart agents={stats.data} />
          {/* A focusable frame: keyboard users scroll the table sideways on a narrow screen. */}
          <section
            className="table-responsive"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
            tabIndex={0}
            aria-label={t('assistStats.tableCaption')}
          >
            <Table striped>
              <caption>{t('assistStats.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('assistStats.agent')}</th>
                  <th scope="col">{t('assistStats.sessions')}</th>
                  <th scope="col">{t('assistStats.calls')}</th>
                  <th scope="col">{t('assistStats.callTotal')}</th>
                  <th scope="col">{t('assistStats.callAvg')}</th>
                  <th scope="col">{t('assistStats.controls')}</th>
                  <th scope="col">{t('assistStats.controlTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.data.map((a, i) => (
                  <tr key={a.agent_id ?? `removed-${i}`} data-testid="stats-row">
                    <th scope="row">
                      {a.name || t('assistStats.removed')}
                      {a.email && <div className="small text-body-secondary fw-normal">{a.email}</div>}
                    </th>
                    <td>{a.sessions_assisted}</td>
                    <td>{a.calls}</td>
                    <td>{formatDuration(a.call_ms)}</td>
                    <td>{formatDuration(a.avg_call_ms)}</td>
                    <td>{a.controls}</td>
                    <td>{formatDuration(a.control_ms)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        </>
      )}
    </>
  );
}
