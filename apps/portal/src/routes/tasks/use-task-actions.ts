import type { TaskView } from '@atrium/protocol/tasks';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskKeys, trainingApi, trainingKeys } from '../training/training-api.ts';

/** Accept and complete; afterwards every board, progress figure and the dashboard reload. */
export function useTaskActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({
        queryKey: trainingKeys.all,
        predicate: (q) => q.queryKey[1] !== 'content',
      }),
    ]);
  const accept = useMutation({
    mutationFn: (task: TaskView) => trainingApi.acceptTask(task.class_id, task.id),
    onSuccess: async (result) => {
      showToast('success', t('tasks.accepted', { title: result.task.title }));
      await refresh();
    },
  });
  const complete = useMutation({
    mutationFn: (task: TaskView) => trainingApi.completeTask(task.class_id, task.id),
    onSuccess: async (result) => {
      showToast('success', t('tasks.completedToast', { title: result.task.title }));
      if (result.certificate_verification_id) showToast('success', t('tasks.certificateIssued'));
      await refresh();
    },
  });
  return { accept, complete };
}
