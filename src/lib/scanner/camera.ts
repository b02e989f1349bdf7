/**
 * Why the camera could not be used; each maps to one message the user can act on. CAMERA_MESSAGES
 * are the errors' English messages (logs, tests); the scanner shows the contacts catalogue's
 * message for the failure, in the active language.
 */
export type CameraFailure = 'denied' | 'missing' | 'in-use' | 'unsupported' | 'other';

export const CAMERA_MESSAGES: Record<CameraFailure, string> = {
  denied: 'Camera access was denied. Allow the camera in your browser settings, or enter the code by hand.',
  missing: 'No camera was found on this device. Enter the code by hand or upload a picture of the badge.',
  'in-use':
    'The camera could not be started. It may be in use by another app: close it and try again, or enter the code by hand.',
  unsupported:
    'The camera could not be started. This browser does not give pages camera access here: enter the code by hand or upload a picture of the badge.',
  other: 'The camera could not be started. Try again, or enter the code by hand or upload a picture of the badge.',
};

export class CameraError extends Error {
  readonly failure: CameraFailure;
  constructor(failure: CameraFailure, options?: { cause?: unknown }) {
    super(CAMERA_MESSAGES[failure], options);
    this.name = 'CameraError';
    this.failure = failure;
  }
}

/**
 * Classifies what getUserMedia threw (a DOMException by name; older engines used other names).
 * OverconstrainedError means no camera matches what was asked, which for us is "missing".
 */
export function cameraFailure(error: unknown): CameraFailure {
  if (error instanceof CameraError) return error.failure;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'other';
  }
}

export function cameraErrorMessage(error: unknown): string {
  return CAMERA_MESSAGES[cameraFailure(error)];
}

export type FacingMode = 'environment' | 'user';

/**
 * Opens a camera: a given device, or the one facing `facingMode` (the back camera by default, as
 * a preference so laptops with one webcam still open it). Asks for 1280×720 at most: enough for a
 * badge at arm's length, cheap to decode. Throws CameraError.
 */
export async function openCamera(options: { facingMode?: FacingMode; deviceId?: string } = {}): Promise<MediaStream> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  // Missing outside a secure context (http on a LAN address) and in some in-app browsers.
  if (!media?.getUserMedia) throw new CameraError('unsupported');
  const video: MediaTrackConstraints = {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    ...(options.deviceId
      ? { deviceId: { exact: options.deviceId } }
      : { facingMode: { ideal: options.facingMode ?? 'environment' } }),
  };
  try {
    return await media.getUserMedia({ video, audio: false });
  } catch (error) {
    throw new CameraError(cameraFailure(error), { cause: error });
  }
}

/** Stops every track: the camera light goes off and the device is free for other apps. */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export interface CameraInfo {
  deviceId: string;
  label: string;
}

/** The video inputs (labels are only filled in once the user has allowed the camera). */
export async function listCameras(): Promise<CameraInfo[]> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.enumerateDevices) return [];
  try {
    const devices = await media.enumerateDevices();
    return devices
      .filter((device) => device.kind === 'videoinput' && device.deviceId)
      .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Camera ${index + 1}` }));
  } catch {
    return [];
  }
}

/** The camera after `currentId` in the list, wrapping around (front ↔ back on a phone). */
export function nextCamera(cameras: readonly CameraInfo[], currentId: string | undefined): CameraInfo | undefined {
  if (cameras.length === 0) return undefined;
  const index = cameras.findIndex((camera) => camera.deviceId === currentId);
  return cameras[(index + 1) % cameras.length];
}

/** The id of the device the stream's video comes from. */
export function streamDeviceId(stream: MediaStream): string | undefined {
  return stream.getVideoTracks()[0]?.getSettings().deviceId;
}

// `torch` is an image-capture constraint not yet in TypeScript's DOM types.
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraintSet = MediaTrackConstraintSet & { torch?: boolean };

/** Whether the stream's camera has a torch the page may switch (Chromium on Android, mostly). */
export function torchSupported(stream: MediaStream | null | undefined): boolean {
  const track = stream?.getVideoTracks()[0];
  if (!track || typeof track.getCapabilities !== 'function') return false;
  try {
    return (track.getCapabilities() as TorchCapabilities).torch === true;
  } catch {
    return false;
  }
}

/** Switches the torch; resolves to whether it worked (false when unsupported or refused). */
export async function setTorch(stream: MediaStream | null | undefined, on: boolean): Promise<boolean> {
  const track = stream?.getVideoTracks()[0];
  if (!track || !torchSupported(stream)) return false;
  try {
    await track.applyConstraints({ advanced: [{ torch: on } as TorchConstraintSet] });
    return true;
  } catch {
    return false;
  }
}
