import type { RecordingNote, RecordingNoteInput } from '@atrium/protocol/recording-notes';
import type {
  RecordingDetail,
  RecordingEvent,
  RecordingMatch,
  RecordingRow,
  RecordingSearchParams,
  RecordingSearchResult,
} from '@atrium/protocol/recordings';
import { apiCall } from '@atrium/web/api/client.ts';
import { sessionPath } from './session-path.ts';

/** A recorded session as the console lists it (GET /v1/console/sessions); the contract is the protocol's. */
export type SessionRow = RecordingRow & { matches?: RecordingMatch[] };
export type SessionDetail = RecordingDetail;

/** The recordings staff API (ADR 0027, 0046): its names come from `@atrium/protocol/recordings`. */
export const sessionsApi = {
  /** Empty values are left out of the call; a name the server does not know is refused, never dropped. */
  search: (query: RecordingSearchParams, signal?: AbortSignal) =>
    apiCall<RecordingSearchResult>('GET', '/v1/console/sessions', { query, signal }),
  detail: (id: string, signal?: AbortSignal) => apiCall<RecordingDetail>('GET', sessionPath(id), { signal }),
  /** The moments found at ingest (ADR 0057): rage, dead and error clicks, pointer shakes, exceptions. */
  events: (id: string, signal?: AbortSignal) =>
    apiCall<RecordingEvent[]>('GET', `${sessionPath(id)}/events`, { signal }),
  remove: (id: string) => apiCall<void>('DELETE', sessionPath(id)),
  /** Notes on the recording's moments (ADR 0064). */
  notes: (id: string, signal?: AbortSignal) =>
    apiCall<RecordingNote[]>('GET', `${sessionPath(id)}/notes`, { signal }),
  addNote: (id: string, body: RecordingNoteInput) =>
    apiCall<RecordingNote>('POST', `${sessionPath(id)}/notes`, { body }),
  editNote: (id: string, noteId: string, text: string) =>
    apiCall<RecordingNote>('PATCH', `${sessionPath(id)}/notes/${encodeURIComponent(noteId)}`, {
      body: { text },
    }),
  removeNote: (id: string, noteId: string) =>
    apiCall<void>('DELETE', `${sessionPath(id)}/notes/${encodeURIComponent(noteId)}`),
};
