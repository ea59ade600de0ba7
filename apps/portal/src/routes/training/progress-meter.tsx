/**
 * A Bootstrap progress bar whose progressbar element carries the name (react-bootstrap's ProgressBar puts
 * aria-label on the wrapper, where axe rightly flags it).
 */
export function ProgressMeter({
  percent,
  label,
  testId,
}: {
  percent: number;
  label: string;
  testId?: string;
}) {
  return (
    <div className="progress" data-testid={testId} data-percent={percent}>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ width: `${percent}%` }}
      >
        {percent}%
      </div>
    </div>
  );
}
