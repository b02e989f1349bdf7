import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue file (`src/locales/<language>/<namespace>.json`: flat `{ key: ICU message }`) as the
 * app loads it: every message parsed once at build time into Lingui's compiled form, so the browser
 * carries no ICU parser, and every key prefixed with its namespace (`registration:title`), so the
 * namespaces share Lingui's one message table. A message that does not parse fails the build.
 */
export function compileCatalogue(namespace: string, messages: unknown, file: string): Record<string, CompiledMessage> {
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new Error(`${file}: a catalogue is a JSON object of key → message`);
  }
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string' || message.trim() === '') throw new Error(`${file}: "${key}" has no message`);
    try {
      compiled[`${namespace}:${key}`] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
    }
  }
  return compiled;
}
