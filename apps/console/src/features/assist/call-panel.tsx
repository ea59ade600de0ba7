import { useEffect, useRef } from 'react';
import { Alert, Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { useCall } from './use-call.ts';

function Video({ stream, muted, label }: { stream: MediaStream | null; muted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      width={200}
      height={150}
      className="bg-dark"
    >
      <track kind="captions" />
    </video>
  );
}

/** Call controls and both videos; the learner answers in the confirm window of the portal. */
export function CallPanel({ call }: { call: ReturnType<typeof useCall> }) {
  const { t } = useTranslation();
  const inCall = call.state === 'calling' || call.state === 'active' || call.state === 'reconnecting';
  return (
    <div className="mb-2">
      {!inCall ? (
        <Button variant="success" onClick={call.start}>
          {t('assist.call.start')}
        </Button>
      ) : (
        <ButtonGroup>
          <Button variant="outline-secondary" aria-pressed={call.muted} onClick={call.toggleMute}>
            {call.muted ? t('assist.call.unmute') : t('assist.call.mute')}
          </Button>
          <Button variant="outline-secondary" aria-pressed={!call.videoOn} onClick={call.toggleVideo}>
            {call.videoOn ? t('assist.call.videoOff') : t('assist.call.videoOn')}
          </Button>
          <Button variant="danger" onClick={call.end}>
            {t('assist.call.end')}
          </Button>
        </ButtonGroup>
      )}
      {call.state === 'calling' && <span className="ms-2">{t('assist.call.calling')}</span>}
      {call.state === 'reconnecting' && (
        <span className="ms-2" role="status" data-testid="call-state">
          {t('assist.call.reconnecting')}
        </span>
      )}
      {call.state === 'ended' && (
        <span className="ms-2" role="status" data-testid="call-state">
          {t(`assist.call.${call.endedAs}`)}
        </span>
      )}
      {call.state === 'failed' && (
        <Alert variant="danger" className="py-2 mt-2">
          {call.error === 'media'
            ? t('assist.call.noMedia')
            : t('assist.call.failed', {
                reason: t(`assist.call.peerError.${call.error}`, {
                  defaultValue: t('assist.call.peerError.other'),
                }),
              })}
        </Alert>
      )}
      {inCall && (
        <div className="d-flex gap-2 mt-2">
          <Video stream={call.remote} muted={false} label={t('assist.call.remoteVideo')} />
          <Video stream={call.local} muted label={t('assist.call.localVideo')} />
        </div>
      )}
    </div>
  );
}
