import { classLinkInput } from '@atrium/protocol/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Col, Form, ListGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { fieldErrors } from './field-errors.ts';
import { useIsAdmin } from './use-is-admin.ts';

/** Useful links of the class: https addresses or portal paths only. */
export function LinksPanel({ classId }: { classId: string }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'links', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.links(classId, signal) });
  const [v, setV] = useState({ title: '', url: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (body: typeof v) => communityApi.addLink(classId, body),
    onSuccess: () => {
      setV({ title: '', url: '', description: '' });
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (linkId: string) => communityApi.deleteLink(classId, linkId),
    onSuccess: refresh,
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <Row className="g-4">
      <Col lg={isAdmin ? 7 : 12}>
        <ListGroup>
          {query.data.items.map((l) => (
            <ListGroup.Item key={l.id} className="d-flex align-items-center gap-2">
              <span className="fw-semibold">{l.title}</span>
              <span className="text-break small">{l.url}</span>
              {isAdmin && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="ms-auto"
                  onClick={() => remove.mutate(l.id)}
                >
                  {t('community.delete')}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      {isAdmin && (
        <Col lg={5}>
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = classLinkInput.safeParse(v);
              if (!parsed.success) {
                setErrors(fieldErrors(parsed.error));
                return;
              }
              setErrors({});
              add.mutate(parsed.data);
            }}
          >
            {(['title', 'url', 'description'] as const).map((f) => (
              <Form.Group className="mb-2" controlId={`link-${f}`} key={f}>
                <Form.Label>{t(`community.links.${f}`)}</Form.Label>
                <Form.Control
                  value={v[f]}
                  onChange={(e) => setV({ ...v, [f]: e.target.value })}
                  isInvalid={Boolean(errors[f])}
                />
                <Form.Control.Feedback type="invalid">{errors[f]}</Form.Control.Feedback>
              </Form.Group>
            ))}
            <Button type="submit" disabled={add.isPending}>
              {t('community.add')}
            </Button>
          </Form>
        </Col>
      )}
    </Row>
  );
}
