import type { AssistOptions } from '@atrium/tracker-assist';

type Translate = (key: string) => string;

/** Spec 1 §9: an incoming call's confirm prompt ends by itself after 30 s. */
export const CALL_CONFIRM_TIMEOUT_MS = 30_000;

/**
 * How the portal runs live assist for its learners: every prompt and the call window in zh-TW from the
 * catalogue (`assist.*`), the 30 s call prompt, and problems as console warnings only (spec 1 §8): the
 * learner never sees a technical error.
 */
export function portalAssistOptions(t: Translate): Partial<AssistOptions> {
  return {
    callConfirm: {
      text: t('assist.callText'),
      accept: t('assist.callAccept'),
      decline: t('assist.callDecline'),
      caller: t('assist.callFrom'),
    },
    controlConfirm: {
      text: t('assist.controlText'),
      accept: t('assist.controlAccept'),
      decline: t('assist.controlDecline'),
    },
    recordingConfirm: {
      text: t('assist.recordingText'),
      accept: t('assist.recordingAccept'),
      decline: t('assist.recordingDecline'),
    },
    callTexts: {
      mute: t('assist.mute'),
      unmute: t('assist.unmute'),
      videoOn: t('assist.videoOn'),
      videoOff: t('assist.videoOff'),
      endCall: t('assist.endCall'),
      endControl: t('assist.endControl'),
      remoteControl: t('assist.remoteControl'),
      pausedVideo: t('assist.pausedVideo'),
    },
    noticeTexts: {
      label: t('assist.noticeLabel'),
      watching: t('assist.noticeWatching'),
      controlling: t('assist.noticeControlling'),
      endControl: t('assist.endControl'),
      endControlKey: t('assist.noticeEndControlKey'),
      pause: t('assist.noticePause'),
      resume: t('assist.noticeResume'),
      paused: t('assist.noticePaused'),
      agent: t('assist.noticeAgent'),
      separator: t('assist.noticeSeparator'),
    },
    callConfirmTimeoutMs: CALL_CONFIRM_TIMEOUT_MS,
    onWarning: (message, detail) =>
      detail === undefined ? console.warn(message) : console.warn(message, detail),
  };
}
