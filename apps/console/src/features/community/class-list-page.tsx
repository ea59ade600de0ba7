import { type ClassInput, classInput } from '@atrium/protocol/community';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { ClassStatus } from './class-status.tsx';
import { communityApi } from './community-api.ts';
import { useIsAdmin } from './use-is-admin.ts';

/** /console/classes: every class (or the archived ones), and a form to start a new one. */
export function ClassListPage() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const [archived, setArchived] = useState(false);
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: ['community', 'classes', archived, q],
    queryFn: ({ signal }) => communityApi.classes(archived, q, signal),
  });
  return (
    <>
      <PageTitle>{t('community.classes.title')}</PageTitle>
      <Row className="g-4">
        <Col lg={isAdmin ? 8 : 12}>
          <div className="d-flex gap-3 align-items-end mb-3">
            <Form.Group controlId="class-search">
              <Form.Label>{t('community.classes.search')}</Form.Label>
              <Form.Control type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} />
            </Form.Group>
            <Form.Check
              type="switch"
              id="show-archived"
              label={t('community.classes.showArchived')}
              checked={archived}
              onChange={(e) => setArchived(e.target.checked)}
            />
          </div>
          {query.isPending ? (
            <Spinner animation="border" role="status" aria-label={t('app.loading')} />
          ) : (
            <Table hover responsive data-testid="class-table">
              <thead>
                <tr>
                  <th scope="col">{t('community.classes.name')}</th>
                  <th scope="col">{t('community.classes.status')}</th>
                  <th scope="col">{t('community.classes.members')}</th>
                </tr>
              </thead>
              <tbody>
                {(query.data?.items ?? []).map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/classes/${c.id}`}>{c.name}</Link>
                    </td>
                    <td>
                      <ClassStatus cls={c} />
                    </td>
                    <td>
                      <Badge bg="light" text="dark">
                        {c.members}
                      </Badge>
                    </td>
                  </tr>
                ))}
                {query.data?.items.length === 0 && (
                  <tr>
                    <td colSpan={3} className="text-body-secondary">
                      {t('community.classes.empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </Table>
          )}
        </Col>
        {isAdmin && (
          <Col lg={4}>
            <NewClassCard />
          </Col>
        )}
      </Row>
    </>
  );
}

function NewClassCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(classInput, { name: '', description: '', welcome: '' });
  const create = useMutation({
    mutationFn: (body: ClassInput) => communityApi.createClass(body),
    onSuccess: async (cls) => {
      await queryClient.invalidateQueries({ queryKey: ['community', 'classes'] });
      void navigate(`/classes/${cls.id}`);
    },
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('community.classes.new')}</h2>
        <SubmitForm
          form={form}
          onValid={(v) => create.mutate(v)}
          disabled={create.isPending}
          submitLabel={t('community.classes.create')}
        >
          <BoundField name="name" label={t('community.classes.name')} />
          <BoundField name="description" label={t('community.classes.description')} as="textarea" rows={3} />
        </SubmitForm>
      </Card.Body>
    </Card>
  );
}
