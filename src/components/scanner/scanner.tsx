import './scanner.css';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type CameraInfo,
  cameraErrorMessage,
  createDetector,
  createScanLoop,
  decodeImageFile,
  listCameras,
  nextCamera,
  openCamera,
  type ScanLoop,
  ScanImageError,
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
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const visible = useDocumentVisible();
  const [userPaused, setUserPaused] = useState(false);
  const [state, setState] = useState<CameraState>('starting');
  const [status, setStatus] = useState('Starting the camera…');
  const [cameraError, setCameraError] = useState<string | null>(null);
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
      setStatus(source === 'typed' ? 'Code entered.' : 'Code read.');
      onScanRef.current(code);
    },
    [feedback],
  );

  useEffect(() => {
    if (!running) {
      setState((current) => (current === 'failed' ? current : 'paused'));
      setStatus('Scanner paused.');
      return;
    }
    let cancelled = false;
    let loop: ScanLoop | undefined;
    setState('starting');
    setStatus('Starting the camera…');
    // Start loading the decoder while the user answers the camera prompt.
    const detector = createDetector();
    (async () => {
      let stream: MediaStream;
      try {
        stream = await openCamera(request.deviceId ? { deviceId: request.deviceId } : { facingMode: 'environment' });
      } catch (error) {
        if (cancelled) return;
        const message = cameraErrorMessage(error);
        setCameraError(message);
        setState('failed');
        setStatus(message);
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
        onError: () => setStatus('The scanner could not read this frame. Keep the code inside the square.'),
      });
      setState('scanning');
      setStatus('Point the camera at the QR code on the badge.');
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
    <section className={`scanner${failed ? ' scanner--failed' : ''}`} aria-label="Badge scanner" onPointerDown={unlockAudio}>
      {failed ? (
        <div className="alert alert-warning scanner__error" role="alert">
          <p>{cameraError}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={retry}>
            Try the camera again
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
                {torch.on ? 'Torch off' : 'Torch on'}
              </button>
            ) : null}
            {cameras.length > 1 ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={switchCamera}>
                Switch camera
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={userPaused} onClick={togglePause}>
              {userPaused ? 'Resume' : 'Pause'}
            </button>
          </div>
        </div>
      )}
      <p className="scanner__status" role="status" aria-live="polite">
        {failed ? '' : status}
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
  const id = useId();
  const [text, setText] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
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
      setPictureError(error instanceof ScanImageError ? error.message : 'This picture could not be read. Try another one.');
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
            Badge code
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
              {entryError}
            </p>
          ) : (
            <p id={`${id}-code-hint`} className="field-hint">
              Type or paste the code shown under the badge's QR code.
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary">
          Use code
        </button>
      </form>
      <div className="scanner__upload">
        <label className="btn btn-secondary" htmlFor={`${id}-picture`} aria-busy={reading || undefined}>
          Upload a picture of the badge
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
            {pictureError}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default Scanner;
