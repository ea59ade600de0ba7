import type { AdminChapter } from '@atrium/protocol/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { formatTime, isoToLocal, localToIso } from './local-time.ts';

/**
 * A chapter's release date: learners see it closed, with this date, until then (stored UTC, shown and typed
 * in the browser's time). Admins set or clear it here; agents only see the badge.
 */
export function ChapterRelease({
  classId,
  chapter,
  isAdmin,
}: {
  classId: string;
  chapter: Pick<AdminChapter, 'id' | 'name' | 'release_at'>;
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const save = useMutation({
    mutationFn: (release_at: string | null) => communityApi.updateChapter(chapter.id, { release_at }),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: ['community', 'outline', classId] });
    },
  });
  const upcoming = chapter.release_at !== null && Date.parse(chapter.release_at) > Date.now();
  const badge = chapter.release_at && (
    <Badge bg={upcoming ? 'info' : 'light'} text="dark" data-testid="chapter-release">
      {t('community.outline.releaseAt', { when: formatTime(chapter.release_at, i18n.language) })}
    </Badge>
  );
  if (!isAdmin || !editing)
    return (
      <>
        {badge}
        {isAdmin && (
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={t('community.outline.setReleaseFor', { name: chapter.name })}
            onClick={() => {
              setValue(chapter.release_at ? isoToLocal(chapter.release_at) : '');
              setEditing(true);
            }}
          >
            {t('community.outline.setRelease')}
          </Button>
        )}
      </>
    );
  const inputId = `release-${chapter.id}`;
  return (
    <Form
      className="d-flex flex-wrap align-items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value ? localToIso(value) : null);
      }}
    >
      <Form.Label htmlFor={inputId} className="mb-0 small">
        {t('community.outline.releaseLabel')}
      </Form.Label>
      <InputGroup size="sm" className="w-auto">
        <Form.Control
          id={inputId}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('community.save')}
        </Button>
      </InputGroup>
      {chapter.release_at && (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={save.isPending}
          onClick={() => save.mutate(null)}
        >
          {t('community.outline.clearRelease')}
        </Button>
      )}
      <Button size="sm" variant="link" onClick={() => setEditing(false)}>
        {t('community.cancel')}
      </Button>
      {save.error && (
        <span role="alert" className="text-danger small">
          {save.error.message}
        </span>
      )}
    </Form>
  );
}
