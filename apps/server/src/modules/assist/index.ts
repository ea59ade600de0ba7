// The assist module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { saveAssistRecording } from './assist-recordings.ts';
export { removeTabRecordings, subscribeRemoveTabRecordings } from './remove-tab-recordings.ts';
