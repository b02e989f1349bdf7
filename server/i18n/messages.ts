import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * What the server and the catalogue check need to know about one ICU message once compiled by
 * Lingui's own compiler: the arguments it reads and whether every choice has its 'other' case.
 * Kept apart from the runtime (translate.ts) so the check can run on any folder of catalogues.
 */

export { compileMessageOrThrow };

const CHOICE_TYPES = new Set(['plural', 'selectordinal', 'select']);

/** Every argument a compiled message reads, choices included ({n, plural, …} reads n). */
export function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.add(name);
    if (type && CHOICE_TYPES.has(type) && format && typeof format === 'object') {
      for (const [key, branch] of Object.entries(format)) {
        if (key !== 'offset' && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, into);
      }
    }
  }
  return into;
}

/** The choices (plural, select) that lack the 'other' case ICU requires: what the runtime would print for an unforeseen value. */
export function choicesWithoutOther(message: CompiledMessage, into: string[] = []): string[] {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    if (!type || !CHOICE_TYPES.has(type) || !format || typeof format !== 'object') continue;
    const choices = format as Record<string, unknown>;
    if (!Array.isArray(choices.other)) into.push(name);
    for (const [key, branch] of Object.entries(choices)) {
      if (key !== 'offset' && Array.isArray(branch)) choicesWithoutOther(branch as CompiledMessage, into);
    }
  }
  return into;
}
