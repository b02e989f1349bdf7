import './scanner.css';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import {
  type CameraFailure,
  type CameraInfo,
  cameraFailure,
  createDetector,
  createScanLoop,
  decodeImageFile,
  type ImageFailure,
  listCameras,
  MANUAL_ENTRY_LIMITS,
  type ManualEntryMessage,
  nextCamera,
  openCamera,
  ScanImageError,
  type ScanLoop,
  scanFeedback,
  setTorch,
  stopStream,
  streamDeviceId,
  torchSupported,
  unlockAudio,
  validateManualCode,
} from '../../lib/scanner/index.ts';

export interface ScannerProps {
  /** A code read by the camera, from a picture or typed in (debounced: the same one is not repeated). */
  onScan: (code: string) => void;
  /** The page pauses the camera, e.g. while it shows what was scanned. */
  paused?: boolean;
  /** Beep and vibrate on every code read by the camera or a picture (default on). */
  feedback?: boolean;
}

type CameraState = 'starting' | 'scanning' | 'paused' | 'failed';

/** The scanner's texts are in the contacts catalogue (the lead scanner; the pass check uses it too). */
type ScannerKey = MessageKey<'contacts'>;

const CAMERA_FAILURES: Record<CameraFailure, ScannerKey> = {
  denied: 'cameraDenied',
  missing: 'cameraMissing',
  'in-use': 'cameraInUse',
  unsupported: 'cameraUnsupported',
  other: 'cameraOther',
};

const IMAGE_FAILURES: Record<ImageFailure, ScannerKey> = {
  'not-image': 'pictureNotImage',
  'too-large': 'pictureTooLarge',
  unreadable: 'pictureUnreadable',
  'no-code': 'pictureNoCode',
};

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The badge scanner: the camera with a scan-region overlay, torch and camera switch where the
 * device has them, pause; typing the code and uploading a picture as fallbacks, always reachable
 * and put first when the camera fails. It only yields strings: what a code means is the page's job.
 * The camera runs only while the scanner is mounted, not paused and the tab is visible; the zxing
 * decoder loads on first use.
 */
export function Scanner({ onScan, paused = false, feedback = true }: ScannerProps) {
  const t = useT('contacts');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const visible = useDocumentVisible();
  const [userPaused, setUserPaused] = useState(false);
  const [state, setState] = useState<CameraState>('starting');
  // Keys, so a status or error on screen follows a change of language.
  const [status, setStatus] = useState<ScannerKey>('scannerStarting');
  const [cameraError, setCameraError] = useState<CameraFailure | null>(null);
  const [cameras, setCameras] = useState<CameraInfo[]>([]);
  // A new object reopens the camera (retry, switch); the id of the camera that opened is kept apart
  // so recording it does not reopen anything.
  const [request, setRequest] = useState<{ deviceId?: string }>({});
  const openedRef = useRef<string | undefined>(undefined);
  const [torch, setTorchState] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const running = !paused && !userPaused && visible;

  const deliver = useCallback(
    (code: string, source: 'camera' | 'picture' | 'typed') => {
      if (feedback && source !== 'typed') scanFeedback();
      setStatus(source === 'typed' ? 'scannerCodeEntered' : 'scannerCodeRead');
      onScanRef.current(code);
    },
    [feedback],
  );

  useEffect(() => {
    if (!running) {
      setState((current) => (current === 'failed' ? current : 'paused'));
      setStatus('scannerPaused');
      return;
    }
    let cancelled = false;
    let loop: ScanLoop | undefined;
    setState('starting');
    setStatus('scannerStarting');
    // Start loading the decoder while the user answers the camera prompt.
    const detector = createDetector();
    (async () => {
      let stream: MediaStream;
      try {
        stream = await openCamera(request.deviceId ? { deviceId: request.deviceId } : { facingMode: 'environment' });
      } catch (error) {
        if (cancelled) return;
        setCameraError(cameraFailure(error));
        setState('failed');
        return;
      }
      if (cancelled) return stopStream(stream);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return stopStream(stream);
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay of a muted inline video is allowed everywhere; a rejected play() means the
        // element was detached or the stream ended, which the cleanup below handles.
      }
      if (cancelled) return;
      setCameraError(null);
      setTorchState({ available: torchSupported(stream), on: false });
      setCameras(await listCameras());
      if (cancelled) return;
      loop = createScanLoop({
        video,
        detector,
        onCode: (code) => deliver(code, 'camera'),
        onError: () => setStatus('scannerFrameError'),
      });
      setState('scanning');
      setStatus('scannerPointCamera');
      // The camera that opened, so "switch camera" goes to the next one.
      openedRef.current = streamDeviceId(stream) ?? request.deviceId;
    })();
    return () => {
      cancelled = true;
      loop?.stop();
      stopStream(streamRef.current);
      streamRef.current = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [running, request, deliver]);

  const switchCamera = () => {
    const next = nextCamera(cameras, openedRef.current);
    if (!next || next.deviceId === openedRef.current) return;
    setRequest({ deviceId: next.deviceId });
  };

  const toggleTorch = async () => {
    const on = !torch.on;
    if (await setTorch(streamRef.current, on)) setTorchState({ available: true, on });
  };

  const togglePause = () => {
    setUserPaused((value) => !value);
  };

  const retry = () => {
    setCameraError(null);
    setUserPaused(false);
    setRequest((current) => ({ ...current }));
  };

  const failed = state === 'failed';
  return (
    // The first tap anywhere in the scanner is the gesture browsers require before sound plays.
    <section className={`scanner${failed ? ' scanner--failed' : ''}`} aria-label={t('scannerLabel')} onPointerDown={unlockAudio}>
      {failed ? (
        <div className="alert alert-warning scanner__error" role="alert">
          <p>{cameraError ? t(CAMERA_FAILURES[cameraError]) : null}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={retry}>
            {t('cameraRetry')}
          </button>
        </div>
      ) : (
        <div className="scanner__viewport">
          <video ref={videoRef} className="scanner__video" playsInline muted autoPlay />
          <div className={`scanner__overlay${state === 'scanning' ? ' is-scanning' : ''}`} aria-hidden="true">
            <div className="scanner__square">
              <span className="scanner__corner scanner__corner--tl" />
              <span className="scanner__corner scanner__corner--tr" />
              <span className="scanner__corner scanner__corner--bl" />
              <span className="scanner__corner scanner__corner--br" />
            </div>
          </div>
          <div className="scanner__controls">
            {torch.available ? (
              <button type="button" className="btn btn-secondary btn-sm" aria-pressed={torch.on} onClick={toggleTorch}>
                {torch.on ? t('torchOff') : t('torchOn')}
              </button>
            ) : null}
            {cameras.length > 1 ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={switchCamera}>
                {t('switchCamera')}
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={userPaused} onClick={togglePause}>
              {userPaused ? t('resume') : t('pause')}
            </button>
          </div>
        </div>
      )}
      <p className="scanner__status" role="status" aria-live="polite">
        {failed ? '' : t(status)}
      </p>
      <ScannerFallbacks prominent={failed} onCode={deliver} />
    </section>
  );
}

/** Typing the code and uploading a picture: for a broken camera, a glare-covered badge, a screenshot. */
function ScannerFallbacks({
  prominent,
  onCode,
}: {
  prominent: boolean;
  onCode: (code: string, source: 'picture' | 'typed') => void;
}) {
  const t = useT('contacts');
  const id = useId();
  const [text, setText] = useState('');
  const [entryError, setEntryError] = useState<ManualEntryMessage | null>(null);
  const [pictureError, setPictureError] = useState<ScannerKey | null>(null);
  const [reading, setReading] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateManualCode(text);
    if (!result.ok) {
      setEntryError(result.message);
      return;
    }
    setEntryError(null);
    setText('');
    onCode(result.code, 'typed');
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setPictureError(null);
    setReading(true);
    try {
      onCode(await decodeImageFile(file), 'picture');
    } catch (error) {
      setPictureError(error instanceof ScanImageError ? IMAGE_FAILURES[error.failure] : 'pictureFailed');
    } finally {
      setReading(false);
      // The same file chosen again after a fix still fires a change.
      input.value = '';
    }
  };

  return (
    <div className={`scanner__fallbacks${prominent ? ' is-prominent' : ''}`}>
      <form className="scanner__manual" onSubmit={submit} noValidate>
        <div className={`field${entryError ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-code`}>
            {t('badgeCode')}
          </label>
          <input
            id={`${id}-code`}
            className={`input${entryError ? ' is-danger' : ''}`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            aria-invalid={entryError ? true : undefined}
            aria-describedby={entryError ? `${id}-code-error` : `${id}-code-hint`}
          />
          {entryError ? (
            <p id={`${id}-code-error`} className="field-error">
              {t(entryError, MANUAL_ENTRY_LIMITS)}
            </p>
          ) : (
            <p id={`${id}-code-hint`} className="field-hint">
              {t('badgeCodeHint')}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary">
          {t('useCode')}
        </button>
      </form>
      <div className="scanner__upload">
        <label className="btn btn-secondary" htmlFor={`${id}-picture`} aria-busy={reading || undefined}>
          {t('uploadPicture')}
        </label>
        <input
          id={`${id}-picture`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={upload}
          disabled={reading}
          aria-describedby={pictureError ? `${id}-picture-error` : undefined}
        />
        {pictureError ? (
          <p id={`${id}-picture-error`} className="field-error" role="alert">
            {t(pictureError)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default Scanner;
