import type { AssistAgentStats } from '@atrium/protocol/assist';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format-duration.ts';

const ROW = 44;
const BAR = 14;
const LABEL = 140;
const WIDTH = 640;
const COLORS = { call: '#0a58ca', control: '#b02a37' } as const;

/**
 * Call and control time per agent as horizontal bars (plain SVG: two bars a row need no chart library).
 * The table beside it holds the same figures; the picture is one image with a summary for screen readers.
 */
export function AgentTimeChart({ agents }: { agents: AssistAgentStats[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...agents.flatMap((a) => [a.call_ms, a.control_ms]));
  const span = WIDTH - LABEL - 70;
  const height = agents.length * ROW + 30;
  const nameOf = (a: AssistAgentStats) => a.name || a.email || t('assistStats.removed');
  return (
    <figure className="mb-4">
      <svg
        role="img"
        aria-labelledby="assist-chart-title"
        viewBox={`0 0 ${WIDTH} ${height}`}
        style={{ width: '100%', maxWidth: WIDTH, height: 'auto' }}
      >
        <title id="assist-chart-title">{t('assistStats.chartTitle')}</title>
        {agents.map((a, i) => {
          const y = i * ROW;
          const bars = [
            { key: 'call', ms: a.call_ms, dy: 4 },
            { key: 'control', ms: a.control_ms, dy: 4 + BAR + 2 },
          ] as const;
          return (
            <g key={a.agent_id ?? `removed-${i}`} data-testid="chart-row">
              <text x={0} y={y + 22} fontSize={13} fill="#212529">
                {nameOf(a).slice(0, 18)}
              </text>
              {bars.map((b) => (
                <g key={b.key}>
                  <rect
                    x={LABEL}
                    y={y + b.dy}
                    width={Math.max(b.ms > 0 ? 2 : 0, (b.ms / max) * span)}
                    height={BAR}
                    fill={COLORS[b.key]}
                  />
                  <text x={LABEL + (b.ms / max) * span + 6} y={y + b.dy + 11} fontSize={11} fill="#212529">
                    {formatDuration(b.ms)}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
        {(['call', 'control'] as const).map((k, i) => (
          <g key={k} transform={`translate(${LABEL + i * 150}, ${height - 12})`}>
            <rect width={12} height={12} y={-10} fill={COLORS[k]} />
            <text x={18} fontSize={12} fill="#212529">
              {t(`assistStats.legend.${k}`)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="small text-body-secondary">{t('assistStats.chartCaption')}</figcaption>
    </figure>
  );
}
