import type { ReviewItem } from '@atrium/protocol/tasks';
import { acceptSubmissionBody, returnSubmissionBody } from '@atrium/protocol/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { fieldErrors } from './field-errors.ts';
import { formatTime } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

/** The class's hand-ins awaiting review, oldest first; admins accept (with points) or return (ADR 0055). */
export function ReviewQueuePanel({ classId }: { classId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['community', 'reviews', classId],
    queryFn: ({ signal }) => communityApi.reviews(classId, signal),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  if (query.data.items.length === 0)
    return <p className="text-body-secondary">{t('community.reviews.empty')}</p>;
  return (
    <>
      <p className="text-body-secondary">
        {t('community.reviews.intro', { count: query.data.items.length })}
      </p>
      {query.data.items.map((item) => (
        <ReviewCard key={item.id} item={item} classId={classId} />
      ))}
    </>
  );
}

function ReviewCard({ item, classId }: { item: ReviewItem; classId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const [points, setPoints] = useState(String(item.task_points));
  const [feedback, setFeedback] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['community', 'reviews', classId] }),
      queryClient.invalidateQueries({ queryKey: ['community', 'tasks', classId] }),
    ]);
  const accept = useMutation({
    mutationFn: (body: { points: number; feedback: string }) => communityApi.acceptSubmission(item.id, body),
    onSuccess: done,
  });
  const giveBack = useMutation({
    mutationFn: (body: { feedback: string }) => communityApi.returnSubmission(item.id, body),
    onSuccess: done,
  });
  const busy = accept.isPending || giveBack.isPending;
  const who = item.nickname || item.email;
  const headingId = `review-${item.id}`;
  return (
    <Card className="mb-3" data-testid="review-item" aria-labelledby={headingId} as="section">
      <Card.Body>
        <h3 id={headingId} className="h6 mb-1">
          {t('community.reviews.heading', { task: item.task_title, who })}
        </h3>
        <p className="small text-body-secondary mb-2">
          {t('community.reviews.submittedAt', { at: formatTime(item.submitted_at, i18n.language) })}
          {item.returned_before > 0 && (
            <Badge bg="secondary" className="ms-2">
              {t('community.reviews.returnedBefore', { count: item.returned_before })}
            </Badge>
          )}
        </p>
        <div className="mb-2" data-testid="review-content">
          {item.kind === 'link' && (
            <a href={item.body} target="_blank" rel="noopener noreferrer" className="text-break">
              {item.body}
            </a>
          )}
          {item.kind === 'text' && (
            <p className="text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {item.body}
            </p>
          )}
          {item.kind === 'file' && (
            <a href={communityApi.submissionFileUrl(item.id)} download={item.file_name ?? undefined}>
              {item.file_name}
            </a>
          )}
          {item.kind === 'check' && (
            <span className="text-body-secondary">{t('community.reviews.selfCheck')}</span>
          )}
        </div>
        {isAdmin && (
          <Form noValidate onSubmit={(e) => e.preventDefault()}>
            <Form.Group className="mb-2" controlId={`${headingId}-feedback`}>
              <Form.Label>{t('community.reviews.feedback')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={feedback}
                isInvalid={Boolean(errors.feedback)}
                onChange={(e) => setFeedback(e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errors.feedback}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex flex-wrap align-items-end gap-2">
              <Form.Group controlId={`${headingId}-points`}>
                <Form.Label>{t('community.reviews.points', { max: item.task_points })}</Form.Label>
                <Form.Control
                  type="number"
                  min={0}
                  max={item.task_points}
                  value={points}
                  style={{ maxWidth: '8rem' }}
                  isInvalid={Boolean(errors.points)}
                  onChange={(e) => setPoints(e.target.value)}
                />
                <Form.Control.Feedback type="invalid">{errors.points}</Form.Control.Feedback>
              </Form.Group>
              <Button
                variant="success"
                disabled={busy}
                onClick={() => {
                  const parsed = acceptSubmissionBody.safeParse({ points: Number(points), feedback });
                  if (!parsed.success) return setErrors(fieldErrors(parsed.error));
                  // The task's points are the ceiling; the server refuses more as well.
                  if (parsed.data.points > item.task_points) {
                    return setErrors({
                      points: t('community.reviews.pointsOverMax', { max: item.task_points }),
                    });
                  }
                  setErrors({});
                  accept.mutate(parsed.data);
                }}
              >
                {t('community.reviews.accept')}
              </Button>
              <Button
                variant="outline-danger"
                disabled={busy}
                onClick={() => {
                  const parsed = returnSubmissionBody.safeParse({ feedback });
                  if (!parsed.success) return setErrors(fieldErrors(parsed.error));
                  setErrors({});
                  giveBack.mutate(parsed.data);
                }}
              >
                {t('community.reviews.return')}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
