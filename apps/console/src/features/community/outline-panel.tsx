import { type AdminChapter, type SubChapterInput, subChapterInput } from '@atrium/protocol/community';
import { subChapterTypes } from '@atrium/protocol/training';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { Badge, Button, Card, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChapterRelease } from './chapter-release.tsx';
import { communityApi } from './community-api.ts';
import { ItemControls, type ItemFlagPatch } from './item-controls.tsx';
import { dropped, moved } from './reorder.ts';
import { useIsAdmin } from './use-is-admin.ts';

type Outline = { chapters: AdminChapter[] };
type Flags = ItemFlagPatch;

/**
 * The class outline (Open edX Studio's course outline): chapters and their sub-chapters, reordered by drag
 * and drop or the arrow buttons, opened (尚未開放 when not) and published with one click. Those changes show
 * at once and roll back if the server refuses.
 */
export function OutlinePanel({ classId }: { classId: string }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'outline', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.outline(classId, signal) });

  /** An optimistic change of the outline: applied now, rolled back on failure, refreshed after. */
  const optimistic = <V,>(run: (v: V) => Promise<unknown>, apply: (o: Outline, v: V) => Outline) => ({
    mutationFn: run,
    onMutate: async (v: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Outline>(key);
      if (before) queryClient.setQueryData(key, apply(before, v));
      return { before };
    },
    onError: (_e: unknown, _v: V, ctx: { before?: Outline } | undefined) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const chapterFlags = useMutation(
    optimistic(
      ({ id, flags }: { id: string; flags: Flags }) => communityApi.updateChapter(id, flags),
      (o, { id, flags }) => ({ chapters: o.chapters.map((c) => (c.id === id ? { ...c, ...flags } : c)) }),
    ),
  );
  const subFlags = useMutation(
    optimistic(
      ({ id, flags }: { id: string; flags: Flags }) => communityApi.updateSubChapter(id, flags),
      (o, { id, flags }) => ({
        chapters: o.chapters.map((c) => ({
          ...c,
          sub_chapters: c.sub_chapters.map((s) => (s.id === id ? { ...s, ...flags } : s)),
        })),
      }),
    ),
  );
  const orderChapters = useMutation(
    optimistic(
      (ids: string[]) => communityApi.orderChapters(classId, ids),
      (o, ids) => ({ chapters: ids.map((id) => o.chapters.find((c) => c.id === id)!) }),
    ),
  );
  const orderSubs = useMutation(
    optimistic(
      ({ chapterId, ids }: { chapterId: string; ids: string[] }) =>
        communityApi.orderSubChapters(chapterId, ids),
      (o, { chapterId, ids }) => ({
        chapters: o.chapters.map((c) =>
          c.id === chapterId
            ? { ...c, sub_chapters: ids.map((id) => c.sub_chapters.find((s) => s.id === id)!) }
            : c,
        ),
      }),
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const addChapter = useMutation({
    mutationFn: (name: string) => communityApi.addChapter(classId, name),
    onSuccess: refresh,
  });
  const deleteChapter = useMutation({ mutationFn: communityApi.deleteChapter, onSuccess: refresh });
  const deleteSub = useMutation({ mutationFn: communityApi.deleteSubChapter, onSuccess: refresh });

  const [dragging, setDragging] = useState<string | null>(null);
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const chapters = query.data.chapters;
  const chapterIds = chapters.map((c) => c.id);
  const dragProps = (id: string, onDrop: (dragged: string) => void) =>
    isAdmin
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.stopPropagation();
            setDragging(id);
          },
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
            if (dragging) onDrop(dragging);
            setDragging(null);
          },
        }
      : {};

  return (
    <div data-testid="outline">
      {chapters.length === 0 && <p className="text-body-secondary">{t('community.outline.empty')}</p>}
      {chapters.map((ch, ci) => (
        <Card
          key={ch.id}
          className="mb-3"
          data-testid="outline-chapter"
          {...dragProps(
            ch.id,
            (d) => chapterIds.includes(d) && orderChapters.mutate(dropped(chapterIds, d, ch.id)),
          )}
        >
          <Card.Header className="d-flex flex-wrap align-items-center gap-2">
            <h2 className="h6 mb-0">{ch.name}</h2>
            {!ch.enable && <Badge bg="secondary">{t('community.outline.notOpen')}</Badge>}
            <ChapterRelease classId={classId} chapter={ch} isAdmin={isAdmin} />
            {!ch.published && (
              <Badge bg="warning" text="dark">
                {t('community.outline.unpublished')}
              </Badge>
            )}
            {isAdmin && (
              <ItemControls
                id={ch.id}
                name={ch.name}
                enable={ch.enable}
                published={ch.published}
                first={ci === 0}
                last={ci === chapters.length - 1}
                onFlags={(flags) => chapterFlags.mutate({ id: ch.id, flags })}
                onMove={(by) => orderChapters.mutate(moved(chapterIds, ch.id, by))}
                onDelete={() => deleteChapter.mutate(ch.id)}
              />
            )}
          </Card.Header>
          <ListGroup variant="flush">
            {ch.sub_chapters.map((s, si) => {
              const subIds = ch.sub_chapters.map((x) => x.id);
              return (
                <ListGroup.Item
                  key={s.id}
                  className="d-flex flex-wrap align-items-center gap-2"
                  data-testid="outline-sub"
                  {...dragProps(
                    s.id,
                    (d) =>
                      subIds.includes(d) &&
                      orderSubs.mutate({ chapterId: ch.id, ids: dropped(subIds, d, s.id) }),
                  )}
                >
                  <Link to={`/classes/${classId}/sub-chapters/${s.id}`}>{s.name}</Link>
                  <Badge bg="light" text="dark">
                    {t(`community.types.${s.type}`)}
                  </Badge>
                  {!s.enable && <Badge bg="secondary">{t('community.outline.notOpen')}</Badge>}
                  {!s.published && (
                    <Badge bg="warning" text="dark">
                      {t('community.outline.unpublished')}
                    </Badge>
                  )}
                  {isAdmin && (
                    <ItemControls
                      id={s.id}
                      name={s.name}
                      enable={s.enable}
                      published={s.published}
                      first={si === 0}
                      last={si === subIds.length - 1}
                      onFlags={(flags) => subFlags.mutate({ id: s.id, flags })}
                      onMove={(by) => orderSubs.mutate({ chapterId: ch.id, ids: moved(subIds, s.id, by) })}
                      onDelete={() => deleteSub.mutate(s.id)}
                    />
                  )}
                </ListGroup.Item>
              );
            })}
            {isAdmin && (
              <ListGroup.Item>
                <NewSubChapter chapterId={ch.id} chapterName={ch.name} onDone={refresh} />
              </ListGroup.Item>
            )}
          </ListGroup>
        </Card>
      ))}
      {isAdmin && (
        <NameForm
          label={t('community.outline.newChapter')}
          id="new-chapter"
          onSubmit={(n) => addChapter.mutateAsync(n)}
        />
      )}
    </div>
  );
}

/** One line: a name and an add button, validated like the server (1–100 characters). */
export function NameForm({
  id,
  label,
  onSubmit,
}: {
  id: string;
  label: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = subChapterInput.shape.name.safeParse(name);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
        setError(null);
        await onSubmit(parsed.data);
        setName('');
      }}
    >
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={Boolean(error)}
        />
        <Button type="submit" variant="outline-primary">
          {t('community.add')}
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}

function NewSubChapter({
  chapterId,
  chapterName,
  onDone,
}: {
  chapterId: string;
  chapterName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<SubChapterInput['type']>('markdown');
  const add = useMutation({
    mutationFn: (name: string) =>
      communityApi.addSubChapter(chapterId, {
        name,
        type,
        icon: '',
        enable: true,
        published: true,
        // A link needs an address to be valid; the editor opens next to fill it in.
        content: type === 'link' ? '#/dashboard' : '',
      }),
    onSuccess: onDone,
  });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end">
      <Form.Group controlId={`type-${chapterId}`}>
        <Form.Label>{t('community.outline.type')}</Form.Label>
        <Form.Select value={type} onChange={(e) => setType(e.target.value as SubChapterInput['type'])}>
          {subChapterTypes.map((ty) => (
            <option key={ty} value={ty}>
              {t(`community.types.${ty}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="flex-grow-1">
        <NameForm
          id={`new-sub-${chapterId}`}
          label={t('community.outline.newSub', { chapter: chapterName })}
          onSubmit={(name) => add.mutateAsync(name)}
        />
      </div>
    </div>
  );
}
