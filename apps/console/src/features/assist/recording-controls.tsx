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
      ) : state === 'requested' ? (
        <>
          <Button variant="outline-danger" disabled>
            {t('assist.recording.waiting')}
          </Button>
          <Button variant="outline-secondary" onClick={recording.cancel}>
            {t('assist.recording.cancel')}
          </Button>
        </>
      ) : (
        <Button variant="outline-danger" disabled={state === 'uploading'} onClick={recording.request}>
          {t('assist.recording.request')}
        </Button>
      )}
      {['recording', 'uploading', 'saved', 'rejected', 'busy', 'cancelled', 'timeout', 'failed'].includes(
        state,
      ) && (
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
