import { inflateSync } from 'node:zlib';

/**
 * The text a pdf-lib document draws, for checks: content streams are inflated and the hex strings of
 * the Tj operators decoded. Standard fonts are WinAnsi, read as Latin-1 (enough for checks); an
 * embedded font (the invoice's Liberation Sans) is decoded through its ToUnicode map, found by the
 * font's resource name in the preceding Tf. Objects inside object streams are read too.
 */
export function pdfText(bytes: Uint8Array): string {
  const objects = pdfObjects(Buffer.from(bytes));
  const unicodeMaps = new Map<number, Map<number, string>>();
  for (const [id, object] of objects) {
    const toUnicode = /\/ToUnicode\s+(\d+)\s+\d+\s+R/.exec(object.dict);
    const cmap = toUnicode && objects.get(Number(toUnicode[1]))?.stream;
    if (cmap) unicodeMaps.set(id, parseCMap(cmap.toString('latin1')));
  }
  // Resource names of fonts (/F1-1234 12 0 R) in font dictionaries, inline or indirect.
  const fontByName = new Map<string, Map<number, string>>();
  for (const object of objects.values()) {
    for (const [, entries] of object.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name = '', ref] of (entries ?? '').matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
        const map = unicodeMaps.get(Number(ref));
        if (map) fontByName.set(name, map);
      }
    }
  }
  const parts: string[] = [];
  for (const object of objects.values()) {
    if (!object.stream || /\/Type\s*\/(ObjStm|XRef|EmbeddedFile|Metadata)/.test(object.dict)) continue;
    let font: Map<number, string> | undefined;
    for (const match of object.stream.toString('latin1').matchAll(/\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (match[1] !== undefined) font = fontByName.get(match[1]);
      else parts.push(font ? decodeCids(match[2] ?? '', font) : Buffer.from(match[2] ?? '', 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** Every `n 0 obj` of the file and of its object streams, streams inflated. */
function pdfObjects(raw: Buffer): Map<number, PdfObject> {
  const text = raw.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+)\s+\d+\s+obj\b/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) continue;
    const body = text.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
    let stream = raw.subarray(dataStart, dataEnd);
    if (/\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(stream);
      } catch {
        // not inflatable: keep the raw bytes
      }
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  for (const object of [...objects.values()]) {
    if (!object.stream || !/\/Type\s*\/ObjStm/.test(object.dict)) continue;
    const count = Number(/\/N\s+(\d+)/.exec(object.dict)?.[1] ?? 0);
    const first = Number(/\/First\s+(\d+)/.exec(object.dict)?.[1] ?? 0);
    const content = object.stream.toString('latin1');
    const header = content.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < count; i++) {
      const from = first + (header[2 * i + 1] ?? 0);
      const to = i + 1 < count ? first + (header[2 * i + 3] ?? 0) : content.length;
      objects.set(header[2 * i] ?? -1, { dict: content.slice(from, to) });
    }
  }
  return objects;
}

/** A ToUnicode CMap's bfchar and bfrange entries: code → text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, block = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', text = ''] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(code, 16), utf16(text));
    }
  }
  for (const [, block = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low = '', high = '', text = ''] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const base = Number.parseInt(text, 16);
      for (let code = Number.parseInt(low, 16); code <= Number.parseInt(high, 16); code++) {
        map.set(code, String.fromCodePoint(base + code - Number.parseInt(low, 16)));
      }
    }
  }
  return map;
}

/** Two-byte codes (Identity-H) through the font's map. */
function decodeCids(hex: string, map: Map<number, string>): string {
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) text += map.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?';
  return text;
}
