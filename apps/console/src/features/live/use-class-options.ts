import { adminClass } from '@atrium/protocol/community';
import { apiCall } from '@atrium/web/api/client.ts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

// Only the id and name are read: the rest of the community's class shape is not this list's concern.
const classList = z.object({ items: z.array(adminClass.pick({ id: true, name: true })) });

/** The classes (not archived) the live list can be narrowed to: the community's console list, names only. */
export function useClassOptions() {
  return useQuery({
    queryKey: ['live', 'class-options'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      classList.parse(
        await apiCall('GET', '/v1/console/community/classes', {
          query: { archived: '0', q: '' },
          signal,
        }),
      ).items,
  });
}
