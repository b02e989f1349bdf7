// The qrcode package types only its main entry. Its core encoder is imported on its own (see
// qr-code.ts) and has the same `create` as the main entry.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
