import type { ChapterView, SubChapterSummary, TrainingClass } from '@atrium/protocol/training';
import { useId, useState } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { formatDateTime } from '../i18n/dates.ts';

/** Where a sub-chapter leads: spec 1 §2, training sidebar. */
export type SubChapterTarget =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; to: string }
  | { kind: 'closed' };

/** `preview`: staff read items that are not open yet (the server gives them their content only in preview). */
export function subChapterTarget(
  classId: string,
  chapter: ChapterView,
  sub: SubChapterSummary,
  preview = false,
): SubChapterTarget {
  if (!sub.enable && !preview) return { kind: 'closed' };
  const board = `/training/${classId}/board`;
  if (sub.type === 'dashboard') return { kind: 'internal', to: board };
  if (sub.type === 'link') {
    const address = sub.content ?? '';
    if (address.startsWith('https://')) return { kind: 'external', href: address };
    // A hash path (#/tasks/my) is a route of this portal.
    // '#//host' would be a protocol-relative address off the portal: not a hash path.
    if (/^#\/(?!\/)/.test(address)) return { kind: 'internal', to: address.slice(1) };
    return { kind: 'closed' };
  }
  return { kind: 'internal', to: `${board}/content/${chapter.id}_${sub.id}` };
}

/**
 * The class sidebar: class name → board, collapsible chapters, 尚未開放 on items not enabled (with the
 * date for a chapter released later), links that
 * open in a new tab (https) or inside the portal (hash path), everything else in place on the board.
 */
export function TrainingSidebar({ cls, onNavigate }: { cls: TrainingClass; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('training.sidebar.label')} className="training-sidebar" data-testid="training-sidebar">
      <Link
        to={`/training/${cls.id}/board`}
        className="d-block fw-bold fs-5 text-decoration-none mb-3"
        data-testid="sidebar-class-name"
        onClick={onNavigate}
      >
        {cls.name}
      </Link>
      <ul className="list-unstyled mb-0">
        {cls.chapters.map((chapter) => (
          <ChapterItem
            key={chapter.id}
            classId={cls.id}
            chapter={chapter}
            preview={cls.preview}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}

function ChapterItem({
  classId,
  chapter,
  preview,
  onNavigate,
}: {
  classId: string;
  chapter: ChapterView;
  preview: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <li className="mb-2" data-testid="sidebar-chapter">
      <button
        type="button"
        className="btn btn-link text-body text-start text-decoration-none fw-semibold w-100 px-0 d-flex align-items-center gap-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span className="flex-grow-1">{chapter.name}</span>
        {!chapter.enable && <NotOpen />}
        {!chapter.published && <Unpublished />}
      </button>
      <ReleaseDate chapter={chapter} />
      <ul id={listId} className="list-unstyled ps-3 mb-0" hidden={!open}>
        {chapter.sub_chapters.map((sub) => (
          <li key={sub.id} className="py-1" data-testid="sidebar-item">
            <SubChapterLink
              classId={classId}
              chapter={chapter}
              sub={sub}
              preview={preview}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

function SubChapterLink({
  classId,
  chapter,
  sub,
  preview,
  onNavigate,
}: {
  classId: string;
  chapter: ChapterView;
  sub: SubChapterSummary;
  preview: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const target = subChapterTarget(classId, chapter, sub, preview);
  const label = (
    <>
      <SubChapterIcon sub={sub} />
      {sub.name}
    </>
  );
  const unpublished = (
    <>
      {!sub.enable && target.kind !== 'closed' && <NotOpen />}
      {!sub.published && <Unpublished />}
    </>
  );
  if (target.kind === 'closed') {
    return (
      <span className="text-body-secondary" aria-disabled="true">
        <span>{label}</span>
        <NotOpen />
        {!sub.published && <Unpublished />}
      </span>
    );
  }
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className="text-decoration-none">
        {label}
        <span className="visually-hidden">{t('training.sidebar.newTab')}</span>
        <span aria-hidden="true"> ↗</span>
        {unpublished}
      </a>
    );
  }
  return (
    <NavLink
      to={target.to}
      end
      onClick={onNavigate}
      className={({ isActive }) => `text-decoration-none${isActive ? ' fw-bold' : ''}`}
    >
      {label}
      {unpublished}
    </NavLink>
  );
}

function NotOpen() {
  const { t } = useTranslation();
  return (
    <Badge bg="secondary" className="ms-1" data-testid="not-open">
      {t('training.sidebar.notOpen')}
    </Badge>
  );
}

/** A chapter with a release date still ahead says when it opens (the portal's clock is only a hint). */
function ReleaseDate({ chapter }: { chapter: ChapterView }) {
  const { t } = useTranslation();
  if (!chapter.release_at || Date.parse(chapter.release_at) <= Date.now()) return null;
  return (
    <p className="small text-body-secondary mb-1" data-testid="chapter-release">
      {t('training.sidebar.opensAt', { at: formatDateTime(chapter.release_at) })}
    </p>
  );
}

function Unpublished() {
  const { t } = useTranslation();
  return (
    <Badge bg="warning" text="dark" className="ms-1">
      {t('training.sidebar.unpublished')}
    </Badge>
  );
}

/**
 * The sub-chapter's icon name, drawn as a small inline SVG (emoji are missing on machines without an emoji
 * font and showed as empty boxes); unknown names fall back to one per type.
 */
const iconPaths: Record<string, string> = {
  book: 'M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3 M6 8h4.5 M6 10.5h4.5',
  play: 'M2 3h12v10H2z M6.5 5.75v4.5l4-2.25z',
  broadcast:
    'M8 9.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z M5 11a4.2 4.2 0 0 1 0-6 M11 5a4.2 4.2 0 0 1 0 6 M3 13a7 7 0 0 1 0-10 M13 3a7 7 0 0 1 0 10',
  link: 'M7 5.5 8.75 3.75a2.5 2.5 0 0 1 3.5 3.5L10.5 9 M9 10.5l-1.75 1.75a2.5 2.5 0 0 1-3.5-3.5L5.5 7 M6.25 9.75l3.5-3.5',
  house: 'M2 8 8 2.5 14 8 M3.75 6.5v7.5h3v-4h2.5v4h3v-7.5',
  check: 'M2.5 8.5l3.5 3.5 7.5-8',
  pencil: 'M10.5 2.5l3 3-8 8h-3v-3z M9 4l3 3',
};
const typeIcons: Record<SubChapterSummary['type'], string> = {
  markdown: 'book',
  video: 'play',
  live: 'broadcast',
  link: 'link',
  dashboard: 'house',
};

function SubChapterIcon({ sub }: { sub: SubChapterSummary }) {
  const path = iconPaths[sub.icon] ?? iconPaths[typeIcons[sub.type]];
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="me-2 flex-shrink-0"
      style={{ verticalAlign: '-0.15em' }}
    >
      <path d={path} />
    </svg>
  );
}
