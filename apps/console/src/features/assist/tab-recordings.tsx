import type { TabRecording, TabRecordingList } from '@atrium/protocol/tab-recordings';
import { apiCall } from '@atrium/web/api/client.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The learner's tab as agents recorded it during live assist (with the learner's consent), listed on the
 * session's page; a recording is fetched (an audited read on the server) only when the agent plays it.
 */
export function TabRecordings({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const list = useQuery({
    queryKey: ['tab-recordings', sessionId],
    queryFn: ({ signal }) =>
      apiCall<TabRecordingList>('GET', '/v1/console/assist/recordings', {
        query: { session_id: sessionId },
        signal,
      }),
  });
  const rows = list.data?.list ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="tab-recordings-title">
      <h2 className="h5" id="tab-recordings-title">
        {t('assist.tabRecordings.title')}
      </h2>
      <Table size="sm" responsive>
        <thead>
          <tr>
            <th>{t('assist.tabRecordings.when')}</th>
            <th>{t('assist.tabRecordings.length')}</th>
            <th>{t('assist.tabRecordings.size')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <RecordingRow key={r.id} recording={r} n={i + 1} language={i18n.language} />
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function RecordingRow({ recording, n, language }: { recording: TabRecording; n: number; language: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  // Same origin: the sign-in cookie goes with the video's own request (the page's CSP allows only 'self').
  const src = `/v1/console/assist/recordings/${encodeURIComponent(recording.id)}/file`;
  return (
    <>
      <tr>
        <td>{new Date(recording.created_at).toLocaleString(language)}</td>
        <td>{clock(recording.duration_ms)}</td>
        <td>{Math.max(1, Math.round(recording.bytes / 1024))} KB</td>
        <td>
          {!open && (
            <Button size="sm" variant="outline-primary" onClick={() => setOpen(true)}>
              {t('assist.tabRecordings.play', { n })}
            </Button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={4}>
            {failed ? (
              <Alert variant="danger" className="py-1 mb-0">
                {t('assist.tabRecordings.failed')}
              </Alert>
            ) : (
              <video
                src={src}
                controls
                autoPlay
                muted
                aria-label={t('assist.tabRecordings.video', { n })}
                style={{ maxWidth: '100%' }}
                onError={() => setFailed(true)}
              />
            )}
          </td>
        </tr>
      )}
    </>
  );
}
