/** Occurrences per day as a row of bars (oldest left); its label says the figures for screen readers. */
export function Sparkline({ counts, label }: { counts: number[]; label: string }) {
  const max = Math.max(1, ...counts);
  const bar = 6;
  const height = 24;
  return (
    <svg
      width={counts.length * bar}
      height={height}
      role="img"
      aria-label={label}
      className="flex-shrink-0"
      data-testid="issue-sparkline"
    >
      {counts.map((n, i) => {
        const h = n === 0 ? 1 : Math.max(3, Math.round((n / max) * height));
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day, in order
            key={i}
            x={i * bar}
            y={height - h}
            width={bar - 1}
            height={h}
            fill={n === 0 ? '#dee2e6' : '#b02a37'}
          />
        );
      })}
    </svg>
  );
}
