import { type AssistAgentStats, assistStatsResponse } from '@atrium/protocol/assist';
import { apiCall } from '@atrium/web/api/client.ts';
import { useQuery } from '@tanstack/react-query';

/** A period as the date fields hold it: local calendar days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** Local midnight of a `yyyy-mm-dd` day, `plusDays` later. */
function midnight(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + plusDays).toISOString();
}

/** `yyyy-mm-dd` of a local date. */
export function dayOf(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** The per-agent statistics of a period (from the first day's midnight to the midnight after the last). */
export function useAssistStats(period: Period) {
  return useQuery({
    queryKey: ['assist', 'stats', period],
    enabled: Boolean(period.from && period.to && period.from <= period.to),
    queryFn: async ({ signal }): Promise<AssistAgentStats[]> =>
      assistStatsResponse.parse(
        await apiCall('GET', '/v1/console/assist/stats', {
          query: { from: midnight(period.from), to: midnight(period.to, 1) },
          signal,
        }),
      ).agents,
  });
}
