import { trackerAssist } from './index.ts';

// The standalone script: `window.AtriumTrackerAssist(options)` is the plugin, `tracker.use(...)` runs it.
(window as unknown as { AtriumTrackerAssist: typeof trackerAssist }).AtriumTrackerAssist = trackerAssist;
