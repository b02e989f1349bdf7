// The shared scanning module: camera, decoder, loop, feedback and fallbacks. Framework-free;
// the React view is src/components/scanner. Importing this does not load zxing: createDetector does.
export * from './camera.ts';
export * from './debounce.ts';
export * from './detector.ts';
export * from './feedback.ts';
export * from './frame.ts';
export * from './image-file.ts';
export * from './manual-entry.ts';
export * from './region.ts';
export * from './scan-loop.ts';
export * from './serial.ts';
