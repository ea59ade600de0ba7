import { io } from 'socket.io-client';
import { Assist, type AssistEnv, type TrackerLike } from './assist.ts';
import { assistSupported } from './browser-support.ts';
import { type AssistOptions, resolveOptions } from './options.ts';

export { Assist, MIN_TRACKER_VERSION, versionBelow } from './assist.ts';
export { CALL_UI_TEMPLATE } from './call-window.ts';
export type { AgentInfo, AssistOptions, CallTexts, ConfirmTexts, NoticeTexts } from './options.ts';
export { RecordingState } from './recording.ts';
export { RCStatus } from './remote-control.ts';

/**
 * The plugin: `tracker.use(trackerAssist({ ...options }))` returns the running Assist. It connects when the
 * tracker has a session and follows the tracker's stops and starts.
 */
export function trackerAssist(options: Partial<AssistOptions> = {}, env: Partial<AssistEnv> = {}) {
  return (tracker: TrackerLike): Assist | null => {
    if (typeof window === 'undefined' && !env.window) return null;
    const resolved = resolveOptions(options);
    const win = env.window ?? window;
    if (!assistSupported(win.navigator?.userAgent ?? '')) {
      resolved.onWarning(
        '[Atrium] assist: this browser is not supported (spec: Chrome 72+, Firefox 59+, Safari 605+, not iOS)',
      );
      return null;
    }
    return new Assist(tracker, resolved, { window, io, ...env });
  };
}

export default trackerAssist;
