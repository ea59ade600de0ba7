import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { useTabRecording } from './use-tab-recording.ts';

/** Ask to record the learner's tab, stop, and what happened. */
export function RecordingControls({ recording }: { recording: ReturnType<typeof useTabRecording> }) {
  const { t } = useTranslation();
  const { state } = recording;
  return (
    <>
      {state === 'recording' ? (
        <Button variant="danger" onClick={recording.stop}>
          {t('assist.recording.stop')}
        </Button>
      ) : (
        <Button
          variant="outline-danger"
          disabled={state === 'requested' || state === 'uploading'}
          onClick={recording.request}
        >
          {state === 'requested' ? t('assist.recording.waiting') : t('assist.recording.request')}
        </Button>
      )}
      {['recording', 'uploading', 'saved', 'rejected', 'busy', 'failed'].includes(state) && (
        <Alert
          variant={
            state === 'saved' || state === 'recording'
              ? 'success'
              : state === 'uploading'
                ? 'info'
                : 'warning'
          }
          className="py-1 px-2 mb-0"
          data-testid="recording-state"
        >
          {t(`assist.recording.${state}`)}
        </Alert>
      )}
    </>
  );
}
