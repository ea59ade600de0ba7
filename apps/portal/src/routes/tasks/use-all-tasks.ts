import { useQuery } from '@tanstack/react-query';
import { taskKeys, trainingApi } from '../training/training-api.ts';

/** The four groups across all my classes. */
export function useAllTasks() {
  return useQuery({ queryKey: taskKeys.board, queryFn: ({ signal }) => trainingApi.allTasksBoard(signal) });
}
