// Standalone script: `<script src="/tracker/tracker.js">` exposes `window.AtriumTracker` (the Tracker class,
// with the other exports as its properties).
import * as api from './index.ts';
import { Tracker } from './tracker.ts';

const global = Object.assign(Tracker, { ...api });
(window as unknown as { AtriumTracker: typeof global }).AtriumTracker = global;
