// Sound and vibration when a code is read. Both optional: every call is safe where unsupported.

let audio: AudioContext | undefined;

type AudioContextClass = typeof AudioContext;

/**
 * Creates (or resumes) the audio context. Browsers only let it play after a user gesture, so the
 * scanner calls this from its first tap or click; beep() is silent until then.
 */
export function unlockAudio(): void {
  try {
    const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  } catch {
    audio = undefined;
  }
}

/** A short high tone (about 90 ms) with a soft attack and release, so it does not click. */
export function beep(frequency = 1760, durationMs = 90): void {
  if (audio?.state !== 'running') return;
  try {
    const start = audio.currentTime;
    const end = start + durationMs / 1000;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.25, start + 0.01);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.01);
  } catch {
    // No sound is not an error: the visual result is what counts.
  }
}

/** A short buzz where the device can (Android); iOS Safari has no vibrate at all. */
export function vibrate(pattern: number | number[] = 60): void {
  try {
    if (typeof navigator !== 'undefined') navigator.vibrate?.(pattern);
  } catch {
    // Some browsers throw when not triggered by a gesture.
  }
}

/** Both at once: what the scanner does on every accepted code. */
export function scanFeedback(options: { sound?: boolean; vibration?: boolean } = {}): void {
  if (options.sound !== false) beep();
  if (options.vibration !== false) vibrate();
}
