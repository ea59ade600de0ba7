import {
  conditionValue,
  featureFlagFields,
  featureFlagKey,
  percentage,
  type TrackerProject,
  trackerProjectKey,
  type UxtStatus,
  uxtStatus,
} from '@atrium/protocol/tracker-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Card, Col, Form, ListGroup, Row, Spinner, Tab, Table, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageTitle } from '../../components/page-title.tsx';
import { InlineForm, requiredField } from './inline-form.tsx';
import { settingsApi } from './settings-api.ts';
import { useProjectList } from './use-project-list.ts';

// The forms check their fields with the server's own schemas (ADR 0046): one rule, never a copy.
const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const percent = (v: string) => v.trim() !== '' && passes(percentage, Number(v));

/** /console/settings: tracker projects and their keys, then what trackers of a project fetch. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useQuery({
    queryKey: ['settings', 'projects'],
    queryFn: ({ signal }) => settingsApi.projects(signal),
  });
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['settings', 'projects'] });
  if (!projects.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const project = projects.data.find((p) => p.id === selected) ?? projects.data[0];
  return (
    <>
      <PageTitle>{t('settings.projects.title')}</PageTitle>
      <Row className="g-4">
        <Col lg={8}>
          <Table responsive data-testid="project-table">
            <thead>
              <tr>
                <th scope="col">{t('settings.projects.name')}</th>
                <th scope="col">{t('settings.projects.key')}</th>
                <th scope="col">{t('settings.projects.canvas')}</th>
                <th scope="col">{t('settings.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {projects.data.map((p) => (
                <tr key={p.id} aria-current={p.id === project?.id ? 'true' : undefined}>
                  <td>{p.name}</td>
                  <td>
                    <code>{p.key}</code>
                  </td>
                  <td>
                    <CanvasSwitch project={p} onDone={refresh} />
                  </td>
                  <td>
                    <Button size="sm" variant="outline-primary" onClick={() => setSelected(p.id)}>
                      {t('settings.projects.open')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Col>
        <Col lg={4}>
          <InlineForm
            id="new-project"
            submitLabel={t('settings.projects.create')}
            fields={[
              requiredField('name', t('settings.projects.name'), t('settings.required')),
              {
                name: 'key',
                label: t('settings.projects.keyOptional'),
                check: (v) => (!v || passes(trackerProjectKey, v) ? null : t('settings.projects.keyRule')),
              },
            ]}
            onSubmit={async (v) => {
              await settingsApi.createProject({ name: v.name!.trim(), ...(v.key ? { key: v.key } : {}) });
              await refresh();
            }}
          />
        </Col>
      </Row>
      {project && (
        <section className="mt-4" aria-labelledby="project-settings">
          <h2 className="h5" id="project-settings">
            {t('settings.projects.settingsOf', { name: project.name })}
          </h2>
          <Tabs id="project-tabs" defaultActiveKey="flags" mountOnEnter className="mb-3" key={project.id}>
            <Tab eventKey="flags" title={t('settings.flags.title')}>
              <FlagsPanel projectId={project.id} />
            </Tab>
            <Tab eventKey="tags" title={t('settings.tags.title')}>
              <TagsPanel projectId={project.id} />
            </Tab>
            <Tab eventKey="conditions" title={t('settings.conditions.title')}>
              <ConditionsPanel projectId={project.id} />
            </Tab>
            <Tab eventKey="uxt" title={t('settings.uxt.title')}>
              <UxtPanel projectId={project.id} />
            </Tab>
          </Tabs>
        </section>
      )}
    </>
  );
}

function CanvasSwitch({ project, onDone }: { project: TrackerProject; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (on: boolean) => settingsApi.updateProject(project.id, { canvas_enabled: on }),
    onSettled: onDone,
  });
  return (
    <Form.Check
      type="switch"
      id={`canvas-${project.id}`}
      aria-label={t('settings.projects.canvasOf', { name: project.name })}
      checked={change.isPending ? Boolean(change.variables) : project.canvas_enabled}
      onChange={(e) => change.mutate(e.target.checked)}
    />
  );
}

function FlagsPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { query: flags, refresh } = useProjectList('flags', projectId, settingsApi.flags);
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      settingsApi.updateFlag(projectId, id, { enabled }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => settingsApi.deleteFlag(projectId, id),
    onSuccess: refresh,
  });
  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup data-testid="flag-list">
          {flags.data?.map((f) => (
            <ListGroup.Item key={f.id} className="d-flex align-items-center gap-2">
              <code>{f.key}</code>
              <Badge bg="light" text="dark">
                {f.rollout_percentage}%
              </Badge>
              <span className="small text-body-secondary">{f.description}</span>
              <Form.Check
                className="ms-auto"
                type="switch"
                id={`flag-${f.id}`}
                label={t('settings.flags.enabled')}
                checked={
                  toggle.isPending && toggle.variables.id === f.id ? toggle.variables.enabled : f.enabled
                }
                onChange={(e) => toggle.mutate({ id: f.id, enabled: e.target.checked })}
              />
              <Button size="sm" variant="outline-danger" onClick={() => remove.mutate(f.id)}>
                {t('settings.delete')}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      <Col lg={4}>
        <InlineForm
          id="new-flag"
          submitLabel={t('settings.add')}
          fields={[
            {
              name: 'key',
              label: t('settings.flags.key'),
              check: (v) => (passes(featureFlagKey, v) ? null : t('settings.flags.keyRule')),
            },
            {
              name: 'description',
              label: t('settings.flags.description'),
              check: (v) => (passes(featureFlagFields.description, v) ? null : t('settings.tooLong')),
            },
            {
              name: 'rollout',
              label: t('settings.flags.rollout'),
              type: 'number',
              check: (v) => (percent(v) ? null : t('settings.percentRule')),
            },
          ]}
          onSubmit={async (v) => {
            await settingsApi.createFlag(projectId, {
              key: v.key!,
              description: v.description ?? '',
              rollout_percentage: Number(v.rollout),
            });
            await refresh();
          }}
        />
      </Col>
    </Row>
  );
}

function TagsPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { query: tags, refresh } = useProjectList('tags', projectId, settingsApi.tags);
  const remove = useMutation({
    mutationFn: (id: number) => settingsApi.deleteTag(projectId, id),
    onSuccess: refresh,
  });
  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup data-testid="tag-list">
          {tags.data?.map((tag) => (
            <ListGroup.Item key={tag.id} className="d-flex align-items-center gap-2">
              <span>{tag.name}</span>
              <code>{tag.selector}</code>
              <Button
                size="sm"
                className="ms-auto"
                variant="outline-danger"
                onClick={() => remove.mutate(tag.id)}
              >
                {t('settings.delete')}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      <Col lg={4}>
        <InlineForm
          id="new-tag"
          submitLabel={t('settings.add')}
          fields={[
            requiredField('name', t('settings.tags.name'), t('settings.required')),
            requiredField('selector', t('settings.tags.selector'), t('settings.required')),
          ]}
          onSubmit={async (v) => {
            await settingsApi.createTag(projectId, { name: v.name!.trim(), selector: v.selector!.trim() });
            await refresh();
          }}
        />
      </Col>
    </Row>
  );
}

function ConditionsPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { query: rules, replace: show } = useProjectList('conditions', projectId, settingsApi.conditions);
  const replace = useMutation({
    mutationFn: (next: Parameters<typeof settingsApi.replaceConditions>[1]) =>
      settingsApi.replaceConditions(projectId, next),
    onSuccess: show,
  });
  const list = rules.data ?? [];
  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup data-testid="condition-list">
          {list.map((r, i) => (
            <ListGroup.Item key={`${r.name}-${i.toString()}`} className="d-flex align-items-center gap-2">
              <span>{r.name}</span>
              <Badge bg="light" text="dark">
                {t('settings.conditions.rate', { rate: r.capture_rate })}
              </Badge>
              <span className="small">
                {r.filters.map((f) => `${f.type} ${f.operator} ${f.value.join(', ')}`).join('; ')}
              </span>
              <Button
                size="sm"
                className="ms-auto"
                variant="outline-danger"
                onClick={() => replace.mutate(list.filter((_, j) => j !== i))}
              >
                {t('settings.delete')}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      <Col lg={4}>
        <InlineForm
          id="new-condition"
          submitLabel={t('settings.add')}
          fields={[
            requiredField('name', t('settings.conditions.name'), t('settings.required')),
            {
              name: 'rate',
              label: t('settings.conditions.captureRate'),
              type: 'number',
              check: (v) => (percent(v) ? null : t('settings.percentRule')),
            },
            {
              name: 'url',
              label: t('settings.conditions.urlContains'),
              check: (v) => (passes(conditionValue, v) ? null : t('settings.tooLong')),
            },
          ]}
          onSubmit={(v) =>
            replace.mutateAsync([
              ...list,
              {
                name: v.name!.trim(),
                capture_rate: Number(v.rate),
                filters: v.url ? [{ type: 'event', operator: 'contains', value: [v.url] }] : [],
              },
            ])
          }
        />
      </Col>
    </Row>
  );
}

function UxtPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { query: tests, refresh } = useProjectList('uxt', projectId, settingsApi.uxtTests);
  const status = useMutation({
    mutationFn: ({ id, s }: { id: number; s: UxtStatus }) => settingsApi.setUxtStatus(projectId, id, s),
    onSettled: refresh,
  });
  return (
    <Row className="g-4">
      <Col lg={8}>
        {tests.data?.map((test) => (
          <Card key={test.id} className="mb-2">
            <Card.Body className="d-flex flex-wrap align-items-center gap-2">
              <span className="fw-semibold">{test.title}</span>
              <span className="small text-break">{test.start_page}</span>
              <Form.Select
                size="sm"
                className="ms-auto w-auto"
                aria-label={t('settings.uxt.statusOf', { title: test.title })}
                value={test.status}
                onChange={(e) => status.mutate({ id: test.id, s: e.target.value as UxtStatus })}
              >
                {uxtStatus.options.map((s) => (
                  <option key={s} value={s}>
                    {t(`settings.uxt.status.${s}`)}
                  </option>
                ))}
              </Form.Select>
            </Card.Body>
          </Card>
        ))}
      </Col>
      <Col lg={4}>
        <InlineForm
          id="new-uxt"
          submitLabel={t('settings.add')}
          fields={[
            requiredField('title', t('settings.uxt.testTitle'), t('settings.required')),
            requiredField('startPage', t('settings.uxt.startPage'), t('settings.required')),
            requiredField('task', t('settings.uxt.firstTask'), t('settings.required')),
          ]}
          onSubmit={async (v) => {
            await settingsApi.createUxtTest(projectId, {
              title: v.title!.trim(),
              start_page: v.startPage!.trim(),
              tasks: [{ title: v.task!.trim() }],
            });
            await refresh();
          }}
        />
      </Col>
    </Row>
  );
}
