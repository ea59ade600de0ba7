import type { UserRole } from '@atrium/protocol/community';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { communityApi } from './community-api.ts';

/** /console/learners (and /console/staff with role=staff): search accounts by e-mail or nickname. */
export function LearnersPage({ roleFilter, title }: { roleFilter?: UserRole | 'staff'; title: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['community', 'learners', roleFilter, q, page],
    queryFn: ({ signal }) => communityApi.learners(q, page, roleFilter, signal),
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / 20));
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Form.Group className="mb-3" controlId="learner-search" style={{ maxWidth: 420 }}>
        <Form.Label>{t('community.learners.search')}</Form.Label>
        <Form.Control
          type="search"
          value={q}
          maxLength={100}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </Form.Group>
      {!query.data ? (
        <Spinner animation="border" role="status" aria-label={t('app.loading')} />
      ) : (
        <>
          <Table hover responsive data-testid="learner-table">
            <thead>
              <tr>
                <th scope="col">{t('community.members.email')}</th>
                <th scope="col">{t('community.members.nickname')}</th>
                <th scope="col">{t('community.learners.role')}</th>
                <th scope="col">{t('community.learners.state')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((l) => (
                <tr key={l.id}>
                  <td>
                    <Link to={`/learners/${l.id}`}>{l.email}</Link>
                  </td>
                  <td>{l.nickname}</td>
                  <td>{t(`community.roles.${l.role}`)}</td>
                  <td>
                    {l.disabled && <Badge bg="danger">{t('community.learners.disabled')}</Badge>}{' '}
                    {!l.verified && (
                      <Badge bg="warning" text="dark">
                        {t('community.learners.unverified')}
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <nav aria-label={t('community.learners.pages')} className="d-flex gap-2 align-items-center">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('community.previous')}
            </Button>
            <span>{t('community.pageOf', { page, pages })}</span>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('community.next')}
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
