import { requestRecordingEarly } from '../features/sessions/player/early-recording.ts';

// Imported second by main.tsx, so it runs before React, the router and every feature module are evaluated:
// opened on a session's page, the recording's request leaves as soon as the scripts are in (ADR 0028).
requestRecordingEarly(window.location);
