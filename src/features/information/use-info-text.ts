import { useCallback } from 'react';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { InfoText } from './content/types.ts';
import { factValues } from './fact-values.ts';

/** A text of the information page as the reader sees it (still with its `[label](href)` links). */
export type Say = (text: InfoText) => string;

/** Message keys in the active language with the facts filled in; verbatim texts as they are. */
export function useInfoText(): Say {
  const t = useT('information');
  const values = factValues(useLanguage());
  return useCallback((text: InfoText) => (typeof text === 'string' ? t(text, values) : text.verbatim), [t, values]);
}

/** A text's identity, whatever the language: usable as a React key. */
export const textKey = (text: InfoText): string => (typeof text === 'string' ? text : text.verbatim);
