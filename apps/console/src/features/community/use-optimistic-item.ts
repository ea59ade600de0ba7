import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

type Items<T> = { items: T[] };

/**
 * An edit of one row of a cached `{items}` list that shows at once: the patch is applied to the cache, rolled
 * back if the server refuses (its message is the query client's toast), and the list refetched after. Only for
 * plain text fields, where what the admin typed is what the server will keep.
 */
export function useOptimisticItem<T extends { id: string }, P extends Partial<T>>(
  key: QueryKey,
  run: (id: string, patch: P) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: P }) => run(id, patch),
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Items<T>>(key);
      if (before)
        queryClient.setQueryData<Items<T>>(key, {
          ...before,
          items: before.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
        });
      return { before };
    },
    onError: (_error, _vars, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
