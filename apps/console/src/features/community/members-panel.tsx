import type { MemberReport } from '@atrium/protocol/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { InvitationsTable, invitationsKey } from './invitations-table.tsx';
import { useIsAdmin } from './use-is-admin.ts';

const CSV_MAX_BYTES = 200_000;

/**
 * Members: add by e-mail (one per line) or from a CSV file, with a line per row saying what happened; an address
 * with no account is invited (ADR 0063) and listed under the members with its status.
 */
export function MembersPanel({ classId, published }: { classId: string; published: boolean }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'members', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.members(classId, signal) });
  const [emails, setEmails] = useState('');
  const [report, setReport] = useState<MemberReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const done = (r: MemberReport) => {
    setReport(r);
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['community', 'class', classId] });
    void queryClient.invalidateQueries({ queryKey: invitationsKey(classId) });
  };
  const add = useMutation({
    mutationFn: (list: string[]) => communityApi.addMembers(classId, list),
    onSuccess: (r) => {
      done(r);
      setEmails('');
    },
  });
  const importCsv = useMutation({
    mutationFn: (csv: string) => communityApi.importMembers(classId, csv),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => communityApi.removeMember(classId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const list = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

  return (
    <Row className="g-4">
      <Col lg={isAdmin ? 7 : 12}>
        {query.isPending ? (
          <Spinner animation="border" role="status" aria-label={t('app.loading')} />
        ) : (
          <Table size="sm" responsive data-testid="member-table">
            <thead>
              <tr>
                <th scope="col">{t('community.members.email')}</th>
                <th scope="col">{t('community.members.nickname')}</th>
                {isAdmin && <th scope="col">{t('community.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {query.data?.items.map((m) => (
                <tr key={m.user_id}>
                  <td>
                    <Link to={`/learners/${m.user_id}`}>{m.email}</Link>
                  </td>
                  <td>{m.nickname}</td>
                  {isAdmin && (
                    <td>
                      <ConfirmButton
                        question={t('community.members.confirmRemove', { email: m.email })}
                        label={t('community.members.remove')}
                        onConfirm={() => remove.mutate(m.user_id)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <InvitationsTable classId={classId} isAdmin={isAdmin} />
      </Col>
      {isAdmin && (
        <Col lg={5}>
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (list.length) add.mutate(list);
            }}
          >
            <Form.Group className="mb-2" controlId="member-emails">
              <Form.Label>{t('community.members.addByEmail')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={emails}
                onChange={(e) => setEmails(e.target.value)}
              />
              <Form.Text className="text-body-secondary">
                {t('community.members.emailHint')} {t('community.members.invitationHint')}
              </Form.Text>
              {!published && (
                // The server holds a draft's mails until it is published (issue 36).
                <Alert variant="info" className="mt-2 mb-0 small" data-testid="draft-mail-hint">
                  {t('community.members.draftMailHint')}
                </Alert>
              )}
            </Form.Group>
            <Button type="submit" disabled={!list.length || add.isPending}>
              {t('community.add')}
            </Button>
          </Form>
          <Form.Group className="mt-4" controlId="member-csv">
            <Form.Label>{t('community.members.importCsv')}</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,text/csv"
              isInvalid={Boolean(fileError)}
              onChange={async (e) => {
                const f = (e.target as HTMLInputElement).files?.[0];
                if (!f) return;
                if (f.size > CSV_MAX_BYTES) return setFileError(t('community.members.csvTooLarge'));
                setFileError(null);
                importCsv.mutate(await f.text());
              }}
            />
            <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
            <Form.Text className="text-body-secondary">{t('community.members.csvHint')}</Form.Text>
          </Form.Group>
          {report && <ImportReport report={report} published={published} />}
        </Col>
      )}
    </Row>
  );
}

function ImportReport({ report, published }: { report: MemberReport; published: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3" data-testid="member-report" role="status">
      <p>
        {t('community.members.added', { count: report.added })}
        {report.invited > 0 && (
          <>
            {' '}
            ·{' '}
            {t(published ? 'community.members.invited' : 'community.members.invitedDraft', {
              count: report.invited,
            })}
          </>
        )}
      </p>
      <Table size="sm">
        <thead>
          <tr>
            <th scope="col">{t('community.members.row')}</th>
            <th scope="col">{t('community.members.email')}</th>
            <th scope="col">{t('community.members.result')}</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.row}-${r.email}`}>
              <td>{r.row}</td>
              <td className="text-break">{r.email}</td>
              <td>
                <Badge
                  bg={
                    r.status === 'added'
                      ? 'success'
                      : r.status === 'already_member'
                        ? 'secondary'
                        : r.status === 'invited'
                          ? 'info'
                          : 'warning'
                  }
                  text={r.status === 'added' || r.status === 'already_member' ? undefined : 'dark'}
                >
                  {r.status === 'invited' && !published
                    ? t('community.members.invitedDraftRow')
                    : t(`community.members.status.${r.status}`)}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
