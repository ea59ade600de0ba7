import { NOTE_MAX_CHARS, type RecordingNote } from '@atrium/protocol/recording-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatClock, formatMoment } from '../format.ts';
import { sessionsApi } from '../sessions-api.ts';
import type { VisitMarker } from './visit.ts';

/**
 * A session's notes (ADR 0064) of every tab of the visit (ADR 0070), in the order of their moments, shared
 * by the timeline's markers and the notes list.
 */
export function useMomentNotes(sessionId: string) {
  const notes = useQuery({
    queryKey: ['session-notes', sessionId],
    queryFn: ({ signal }) => sessionsApi.notes(sessionId, signal),
  });
  const all = useMemo(() => [...(notes.data ?? [])].sort((a, b) => a.at - b.at), [notes.data]);
  const markers = useMemo(
    () =>
      all.map(
        (n): VisitMarker => ({
          time: n.at,
          kind: 'note',
          label: `${n.author_name}: ${n.text}`,
          tabId: n.tab_id,
        }),
      ),
    [all],
  );
  return { notes: all, markers };
}

/**
 * The visit's notes: add one at the playhead (on the tab shown), read them in the order of their moments
 * whichever tab they were made on, jump to one (its tab shown at its moment), edit or delete.
 */
export function MomentNotes({
  sessionId,
  tabId,
  notes,
  startTime,
  offset,
  tabName,
  onSeek,
}: {
  sessionId: string;
  /** The tab shown: a new note is on it. */
  tabId: string;
  notes: RecordingNote[];
  startTime: number;
  offset: number;
  /** 「分頁 N」 of a tab, when the visit has several. */
  tabName?: (tabId: string) => string;
  onSeek: (offset: number, tabId?: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['session-notes', sessionId];
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const [text, setText] = useState('');
  const inputId = useId();
  const add = useMutation({
    // The moment is the playhead when the note is sent (epoch ms), on the tab shown then.
    mutationFn: (body: { text: string; at: number }) =>
      sessionsApi.addNote(sessionId, { tab_id: tabId, ...body }),
    onSuccess: () => {
      setText('');
      return refresh();
    },
  });
  return (
    <section aria-labelledby={`${inputId}-title`} data-testid="moment-notes">
      <h2 className="h6" id={`${inputId}-title`}>
        {t('momentNotes.title')}
      </h2>
      <Form
        className="mb-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) add.mutate({ text, at: Math.round(startTime + offset) });
        }}
      >
        <Form.Label htmlFor={inputId} className="small mb-1">
          {t('momentNotes.addAt', { time: formatClock(offset) })}
        </Form.Label>
        <Form.Control
          as="textarea"
          id={inputId}
          rows={2}
          maxLength={NOTE_MAX_CHARS}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="d-flex justify-content-between align-items-center mt-1">
          <span className="small text-body-secondary">
            {t('momentNotes.length', { count: text.length, max: NOTE_MAX_CHARS })}
          </span>
          <Button type="submit" size="sm" disabled={!text.trim() || add.isPending}>
            {t('momentNotes.add')}
          </Button>
        </div>
      </Form>
      {notes.length === 0 ? (
        <p className="small text-body-secondary">{t('momentNotes.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              sessionId={sessionId}
              note={note}
              moment={note.at - startTime}
              tabName={tabName?.(note.tab_id)}
              onSeek={onSeek}
              onChanged={refresh}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteItem({
  sessionId,
  note,
  moment,
  tabName,
  onSeek,
  onChanged,
}: {
  sessionId: string;
  note: RecordingNote;
  moment: number;
  tabName?: string;
  onSeek: (offset: number, tabId?: string) => void;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const editId = useId();
  const edit = useMutation({
    mutationFn: (text: string) => sessionsApi.editNote(sessionId, note.id, text),
    onSuccess: async () => {
      setDraft(null);
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => sessionsApi.removeNote(sessionId, note.id),
    onSuccess: onChanged,
  });
  const edited = note.updated_at !== note.created_at;
  return (
    <li className="border rounded p-2" data-testid="note">
      <div className="d-flex flex-wrap align-items-baseline gap-2 small">
        <Button
          variant="link"
          size="sm"
          className="p-0 font-monospace"
          onClick={() => onSeek(Math.max(0, moment), note.tab_id)}
          aria-label={
            tabName
              ? t('player.jumpToTab', { time: formatClock(moment), tab: tabName })
              : t('player.jumpTo', { time: formatClock(moment) })
          }
        >
          {formatClock(moment)}
        </Button>
        {tabName && <span className="badge text-bg-light border">{tabName}</span>}
        <span className="fw-semibold">{note.author_name}</span>
        <span className="text-body-secondary">
          {formatMoment(note.created_at, i18n.language)}
          {edited && ` · ${t('momentNotes.edited')}`}
        </span>
      </div>
      {draft === null ? (
        <p className="mb-1" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </p>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) edit.mutate(draft);
          }}
        >
          <Form.Label htmlFor={editId} className="visually-hidden">
            {t('momentNotes.editLabel')}
          </Form.Label>
          <Form.Control
            as="textarea"
            id={editId}
            rows={2}
            maxLength={NOTE_MAX_CHARS}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="d-flex gap-2 mt-1">
            <Button type="submit" size="sm" disabled={!draft.trim() || edit.isPending}>
              {t('momentNotes.save')}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setDraft(null)}>
              {t('momentNotes.cancel')}
            </Button>
          </div>
        </Form>
      )}
      {note.editable && draft === null && (
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-secondary" onClick={() => setDraft(note.text)}>
            {t('momentNotes.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={remove.isPending}
            onClick={() => window.confirm(t('momentNotes.deleteConfirm')) && remove.mutate()}
          >
            {t('momentNotes.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
