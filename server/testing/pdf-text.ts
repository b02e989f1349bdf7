import { inflateSync } from 'node:zlib';

/**
 * The text a pdf-lib document draws with its standard fonts: content streams are inflated and the
 * hex strings of the Tj operators decoded (WinAnsi, read as Latin-1, which is enough for checks).
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf('stream', from);
    if (start < 0) break;
    const bodyStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', bodyStart);
    if (end < 0) break;
    from = end + 9;
    let body = raw.subarray(bodyStart, end);
    try {
      body = inflateSync(body);
    } catch {
      // not compressed, or not a content stream
    }
    for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      parts.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}
