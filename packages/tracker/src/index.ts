export { ActivityState, type Msg, type StartOptions, type StartResult } from './app-state.ts';
export { TrackerErrors } from './errors.ts';
export { HIDE_ATTR, INPUT_MODE_ATTR, OBSCURE_ATTR } from './lib/masking.ts';
export { InputMode, type NetworkRecord, type Options } from './options.ts';
export { type SessionInfoForPlugins, Tracker, Tracker as default, type TrackerEnv } from './tracker.ts';
export { TRACKER_VERSION } from './version.ts';
