import { ASSIST_ERROR_TEXTS, DUMMY_VIDEO_FPS } from '@atrium/protocol/assist';

/** A 2×2 canvas track: the call has a video sender from the start, so enabling video needs no renegotiation. */
function dummyVideoTrack(doc: Document): MediaStreamTrack | null {
  const c = doc.createElement('canvas');
  c.width = 2;
  c.height = 2;
  c.getContext('2d')?.fillRect(0, 0, 2, 2);
  const capture = (c as HTMLCanvasElement & { captureStream?: (fps: number) => MediaStream }).captureStream;
  return capture ? (capture.call(c, DUMMY_VIDEO_FPS).getVideoTracks()[0] ?? null) : null;
}

/**
 * The learner's side of a call (spec 2 §3 Local stream): one microphone track plus a video track that is a
 * dummy canvas until the learner turns the camera on. `onVideoTrack` swaps the sender's track.
 */
export class LocalStream {
  videoEnabled = false;
  private camera: MediaStreamTrack | null = null;
  private readonly dummy: MediaStreamTrack | null;

  private constructor(
    readonly stream: MediaStream,
    private readonly media: MediaDevices,
    doc: Document,
    private readonly warn: (m: string, d?: unknown) => void,
  ) {
    this.dummy = dummyVideoTrack(doc);
    if (this.dummy) stream.addTrack(this.dummy);
  }

  /** Spec 1 §8: an audio device error is a console warning; the call goes on without a microphone. */
  static async create(win: Window, warn: (m: string, d?: unknown) => void): Promise<LocalStream> {
    const media = win.navigator.mediaDevices;
    const Stream = (win as Window & typeof globalThis).MediaStream;
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
      if (stream.getAudioTracks().length === 0) warn(`[Atrium] assist: ${ASSIST_ERROR_TEXTS.noAudio}`);
    } catch (e) {
      warn('[Atrium] assist: audio device error', e);
      stream = new Stream();
    }
    return new LocalStream(stream, media, win.document, warn);
  }

  toggleAudio(): boolean {
    const tracks = this.stream.getAudioTracks();
    const on = !(tracks[0]?.enabled ?? false);
    for (const t of tracks) t.enabled = on;
    return on;
  }

  /** Turns the camera on or off; resolves with whether video is on (a failed request is logged: false). */
  async toggleVideo(replace: (t: MediaStreamTrack) => void): Promise<boolean> {
    if (this.videoEnabled) {
      this.camera?.stop();
      this.camera = null;
      this.videoEnabled = false;
      if (this.dummy) this.swap(this.dummy, replace);
      return false;
    }
    try {
      const s = await this.media.getUserMedia({ video: true });
      const track = s.getVideoTracks()[0];
      if (!track) throw new Error(ASSIST_ERROR_TEXTS.noVideo);
      this.camera = track;
      this.videoEnabled = true;
      this.swap(track, replace);
      return true;
    } catch (e) {
      this.warn('[Atrium] assist: video request failed', e);
      return false;
    }
  }

  private swap(track: MediaStreamTrack, replace: (t: MediaStreamTrack) => void): void {
    for (const t of this.stream.getVideoTracks()) this.stream.removeTrack(t);
    this.stream.addTrack(track);
    replace(track);
  }

  stop(): void {
    for (const t of this.stream.getTracks()) t.stop();
    this.camera?.stop();
  }
}
