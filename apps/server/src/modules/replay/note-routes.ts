import { errorBody, security } from '@atrium/protocol/http';
import {
  recordingNote,
  recordingNoteInput,
  recordingNoteList,
  recordingNoteParams,
  recordingNotePatch,
} from '@atrium/protocol/recording-notes';
import { recordingParams } from '@atrium/protocol/recordings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { getSessionSummary } from '../ingest/index.ts';
import { addNote } from './add-note.ts';
import { deleteNote } from './delete-note.ts';
import { editNote } from './edit-note.ts';
import { listNotes } from './list-notes.ts';

const tags = ['console: replay'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
// A person writes notes by hand: 60 a minute is far above that and bounds a runaway script.
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Notes on a recording's moments (ADR 0064): every staff member reads and writes them; the author (or an
 * admin) edits and deletes. Every change goes to the console audit. Mounted under the replay routes (staff only).
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const idleSeconds = app.config.ingest.sessionIdleSeconds;
  app.addHook('onResponse', auditChange);

  app.get(
    '/sessions/:id/notes',
    {
      schema: {
        tags,
        security,
        summary: "A recording's notes in the order of their moments",
        params: recordingParams,
        response: { 200: recordingNoteList, ...errors },
      },
    },
    async (request) => {
      const session = await getSessionSummary(app.db, request.params.id, idleSeconds);
      return listNotes(app.db, session.id, request.user!);
    },
  );

  app.post(
    '/sessions/:id/notes',
    {
      config: writeLimit,
      schema: {
        tags,
        security,
        summary: 'Add a note at a moment of a recording (audited)',
        params: recordingParams,
        body: recordingNoteInput,
        response: { 201: recordingNote, ...errors },
      },
    },
    async (request, reply) => {
      const session = await getSessionSummary(app.db, request.params.id, idleSeconds);
      return reply.status(201).send(await addNote(app.db, session.id, request.body, request.user!));
    },
  );

  app.patch(
    '/sessions/:id/notes/:noteId',
    {
      config: writeLimit,
      schema: {
        tags,
        security,
        summary: "Change a note's text: one's own, or any as an admin (audited)",
        params: recordingNoteParams,
        body: recordingNotePatch,
        response: { 200: recordingNote, ...errors },
      },
    },
    async (request) =>
      editNote(app.db, request.params.id, request.params.noteId, request.body, request.user!),
  );

  app.delete(
    '/sessions/:id/notes/:noteId',
    {
      config: writeLimit,
      schema: {
        tags,
        security,
        summary: "Delete a note: one's own, or any as an admin (audited)",
        params: recordingNoteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteNote(app.db, request.params.id, request.params.noteId, request.user!);
      return reply.status(204).send(null);
    },
  );
};
