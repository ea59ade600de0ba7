import { useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * One of a project's settings lists (flags, tags, conditions, usability tests): its query under
 * `['settings', kind, projectId]`, a `refresh` for after a change, and `replace` for an answer that already
 * holds the whole new list.
 */
export function useProjectList<T>(
  kind: string,
  projectId: string,
  fetchList: (projectId: string, signal?: AbortSignal) => Promise<T>,
) {
  const queryClient = useQueryClient();
  const queryKey = ['settings', kind, projectId];
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetchList(projectId, signal) });
  return {
    query,
    refresh: () => queryClient.invalidateQueries({ queryKey }),
    replace: (list: T) => queryClient.setQueryData(queryKey, list),
  };
}
