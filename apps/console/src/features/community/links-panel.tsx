import type { ClassLink } from '@atrium/protocol/training';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { LinkForm } from './link-edit-form.tsx';
import { useIsAdmin } from './use-is-admin.ts';
import { useOptimisticItem } from './use-optimistic-item.ts';

/** Useful links of the class: https addresses or portal paths only. */
export function LinksPanel({ classId }: { classId: string }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'links', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.links(classId, signal) });
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (body: { title: string; url: string; description: string }) =>
      communityApi.addLink(classId, body),
    onSuccess: refresh,
  });
  const edit = useOptimisticItem<ClassLink, Partial<ClassLink>>(key, (linkId, patch) =>
    communityApi.updateLink(classId, linkId, patch),
  );
  const remove = useMutation({
    mutationFn: (linkId: string) => communityApi.deleteLink(classId, linkId),
    onSuccess: refresh,
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <Row className="g-4">
      <Col lg={isAdmin ? 7 : 12}>
        <ListGroup data-testid="link-list">
          {query.data.items.map((l) => (
            <ListGroup.Item key={l.id} className="d-flex flex-wrap align-items-center gap-2">
              {editing === l.id ? (
                <LinkForm
                  link={l}
                  submitLabel={t('community.save')}
                  onCancel={() => setEditing(null)}
                  onSave={(patch) => {
                    setEditing(null);
                    edit.mutate({ id: l.id, patch });
                    return undefined;
                  }}
                />
              ) : (
                <>
                  <span className="fw-semibold">{l.title}</span>
                  <span className="text-break small">{l.url}</span>
                  {isAdmin && (
                    <span className="ms-auto d-flex gap-1">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        aria-label={t('community.editItem', { name: l.title })}
                        onClick={() => setEditing(l.id)}
                      >
                        {t('community.edit')}
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => remove.mutate(l.id)}>
                        {t('community.delete')}
                      </Button>
                    </span>
                  )}
                </>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      {isAdmin && (
        <Col lg={5}>
          <LinkForm
            submitLabel={t('community.add')}
            pending={add.isPending}
            onSave={(body) => add.mutateAsync(body)}
          />
        </Col>
      )}
    </Row>
  );
}
