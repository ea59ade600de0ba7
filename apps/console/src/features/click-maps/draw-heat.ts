import { CLICK_MAP_GRID, type ClickMap } from '@atrium/protocol/click-maps';

/**
 * Paints the clicks of each 1 % cell as a soft spot on `canvas` (its own pixel size is the picture's): the
 * busiest cell fully red, the others fainter by their share, so where people click most stands out.
 */
export function drawHeat(canvas: HTMLCanvasElement, cells: ClickMap['cells']): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const max = Math.max(1, ...cells.map((c) => c.count));
  // A spot a little wider than its cell, never smaller than a fingertip on a scaled-down picture.
  const radius = Math.max(12, (Math.max(width, height) / CLICK_MAP_GRID) * 1.5);
  for (const cell of cells) {
    const x = ((cell.x + 0.5) / CLICK_MAP_GRID) * width;
    const y = ((cell.y + 0.5) / CLICK_MAP_GRID) * height;
    const strength = 0.35 + 0.65 * (cell.count / max);
    const spot = ctx.createRadialGradient(x, y, 0, x, y, radius);
    spot.addColorStop(0, `rgba(220, 53, 69, ${strength})`);
    spot.addColorStop(1, 'rgba(220, 53, 69, 0)');
    ctx.fillStyle = spot;
    ctx.fillRect(x - radius, y - radius, radius * 2, radius * 2);
  }
}
