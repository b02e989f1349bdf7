import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_MESSAGES, CameraError, cameraErrorMessage, cameraFailure, nextCamera, openCamera } from './camera.ts';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('camera errors', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['DevicesNotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'in-use'],
    ['TrackStartError', 'in-use'],
    ['AbortError', 'in-use'],
    ['TypeError', 'unsupported'],
    ['SomethingElse', 'other'],
  ])('%s is %s', (name, failure) => {
    expect(cameraFailure(domError(name))).toBe(failure);
  });

  it('maps non-errors to "other"', () => {
    expect(cameraFailure('boom')).toBe('other');
    expect(cameraFailure(null)).toBe('other');
  });

  it('gives the messages the user can act on', () => {
    expect(cameraErrorMessage(domError('NotAllowedError'))).toBe(
      'Camera access was denied. Allow the camera in your browser settings, or enter the code by hand.',
    );
    expect(cameraErrorMessage(domError('NotFoundError'))).toBe(
      'No camera was found on this device. Enter the code by hand or upload a picture of the badge.',
    );
    expect(cameraErrorMessage(domError('NotReadableError'))).toMatch(/^The camera could not be started\. /);
    expect(cameraErrorMessage(new Error('x'))).toMatch(/^The camera could not be started\. /);
  });
});

describe('openCamera', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('throws "unsupported" without mediaDevices (insecure context)', async () => {
    vi.stubGlobal('navigator', {});
    await expect(openCamera()).rejects.toMatchObject({ failure: 'unsupported', message: CAMERA_MESSAGES.unsupported });
  });

  it('wraps getUserMedia failures in a CameraError with the cause', async () => {
    const cause = domError('NotAllowedError');
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.reject(cause) } });
    const error = await openCamera().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CameraError);
    expect(error).toMatchObject({ failure: 'denied', cause });
  });

  it('asks for the back camera as a preference, or an exact device', async () => {
    const getUserMedia = vi.fn((_: MediaStreamConstraints) => Promise.resolve({} as MediaStream));
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    await openCamera();
    await openCamera({ deviceId: 'cam-2' });
    expect(getUserMedia.mock.calls[0]?.[0].video).toMatchObject({ facingMode: { ideal: 'environment' } });
    expect(getUserMedia.mock.calls[1]?.[0].video).toMatchObject({ deviceId: { exact: 'cam-2' } });
    expect(getUserMedia.mock.calls[1]?.[0].video).not.toHaveProperty('facingMode');
  });
});

describe('nextCamera', () => {
  const cameras = [
    { deviceId: 'front', label: 'Front' },
    { deviceId: 'back', label: 'Back' },
  ];
  it('cycles through the cameras', () => {
    expect(nextCamera(cameras, 'front')?.deviceId).toBe('back');
    expect(nextCamera(cameras, 'back')?.deviceId).toBe('front');
    expect(nextCamera(cameras, undefined)?.deviceId).toBe('front');
    expect(nextCamera([], 'front')).toBeUndefined();
  });
});
