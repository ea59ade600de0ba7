/** Two 0.4 s beeps, then quiet, three times (~7 s): heard, then silent while the prompt still waits. */
const RINGS = 3;
const RING_EVERY_S = 2.4;
const BEEPS: readonly [number, number][] = [
  [0, 0.4],
  [0.6, 1],
];

/**
 * A short ring while the learner's call prompt waits (issue 21): one WebAudio oscillator shaped by its gain, no
 * audio file. Returns its stop. Silent where the page has no WebAudio or may not play sound yet (autoplay rules).
 */
export function ringTone(win: Window): () => void {
  // The page's own window (typed as a bare Window here): the standard name, or WebKit's older one.
  const w = win as Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Context = w.AudioContext ?? w.webkitAudioContext;
  if (!Context) return () => undefined;
  let ctx: AudioContext;
  try {
    ctx = new Context();
  } catch {
    return () => undefined;
  }
  const gain = ctx.createGain();
  const osc = ctx.createOscillator();
  osc.frequency.value = 440;
  gain.gain.value = 0;
  osc.connect(gain).connect(ctx.destination);
  const t0 = ctx.currentTime + 0.05;
  for (let r = 0; r < RINGS; r += 1)
    for (const [on, off] of BEEPS) {
      gain.gain.setValueAtTime(0.15, t0 + r * RING_EVERY_S + on);
      gain.gain.setValueAtTime(0, t0 + r * RING_EVERY_S + off);
    }
  osc.start(t0);
  osc.stop(t0 + RINGS * RING_EVERY_S);
  void ctx.resume().catch(() => undefined);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    void ctx.close().catch(() => undefined);
  };
}
