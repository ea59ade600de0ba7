import { ANNOTATION, CONFIRM_Z_INDEX } from '@atrium/protocol/assist';

interface Stroke {
  points: [number, number][];
  /** When the stroke last changed (ms); it fades from then + fadeMs. */
  at: number;
  done: boolean;
}

const FADE_OUT_MS = 500;

/** The opacity of a stroke `age` ms after its last point: 1, then fading out after 4 s (spec 2 §9). */
export const strokeAlpha = (age: number) =>
  age <= ANNOTATION.fadeMs ? 1 : Math.max(0, 1 - (age - ANNOTATION.fadeMs) / FADE_OUT_MS);

/** The agent's red drawing (spec 2 §2 overlay 4): a full-viewport canvas that lets clicks through. */
export class Annotation {
  readonly canvas: HTMLCanvasElement;
  strokes: Stroke[] = [];
  private frame = 0;

  constructor(
    private readonly win: Window,
    private readonly now: () => number = () => Date.now(),
  ) {
    const c = win.document.createElement('canvas');
    c.dataset.assist = 'annotation';
    c.width = win.innerWidth;
    c.height = win.innerHeight;
    c.style.cssText = `position:fixed;left:0;top:0;width:100vw;height:100vh;z-index:${CONFIRM_Z_INDEX - 2};pointer-events:none`;
    win.document.body.append(c);
    this.canvas = c;
  }

  start(p: [number, number]): void {
    this.strokes.push({ points: [p], at: this.now(), done: false });
    this.schedule();
  }

  move(p: [number, number]): void {
    const s = this.strokes.at(-1);
    if (!s || s.done) {
      this.start(p);
      return;
    }
    s.points.push(p);
    s.at = this.now();
    this.schedule();
  }

  stop(): void {
    const s = this.strokes.at(-1);
    if (s) {
      s.done = true;
      s.at = this.now();
    }
    this.schedule();
  }

  /** Drops faded strokes and draws the rest; returns whether anything is left to draw. */
  draw(): boolean {
    const t = this.now();
    this.strokes = this.strokes.filter((s) => !s.done || strokeAlpha(t - s.at) > 0);
    const ctx = this.canvas.getContext?.('2d');
    if (ctx) {
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      ctx.strokeStyle = ANNOTATION.color;
      ctx.lineWidth = ANNOTATION.width;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      for (const s of this.strokes) {
        ctx.globalAlpha = s.done ? strokeAlpha(t - s.at) : 1;
        ctx.beginPath();
        for (const [i, [x, y]] of s.points.entries()) {
          if (i === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
      }
    }
    return this.strokes.length > 0;
  }

  private schedule(): void {
    if (this.frame) return;
    const tick = () => {
      this.frame = 0;
      if (this.draw()) this.frame = this.win.requestAnimationFrame(tick);
    };
    this.frame = this.win.requestAnimationFrame(tick);
  }

  remove(): void {
    if (this.frame) this.win.cancelAnimationFrame(this.frame);
    this.canvas.remove();
  }
}
