import { useAtomValue } from 'jotai';
import { use, useCallback } from 'react';
import { i18n, languageAtom, loadCatalogue } from './i18n.ts';
import type { MessageKey, Namespace } from './namespaces.ts';

export type Values = Record<string, unknown>;

/**
 * The translator of one namespace: `t('key', { count })`. The component waits (suspends) until the
 * namespace is loaded in the active language, so no page ever shows a key instead of its text.
 */
export function useT<N extends Namespace>(namespace: N): (key: MessageKey<N>, values?: Values) => string {
  const language = useAtomValue(languageAtom);
  use(loadCatalogue(language, namespace));
  // The language atom re-renders the component on a switch; a new translator per language lets memoized children update.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language is the trigger
  return useCallback((key, values) => i18n._(`${namespace}:${key}`, values), [namespace, language]);
}

/** The active language ('en' | 'de'), for formats (dates, numbers, money). */
export function useLanguage() {
  return useAtomValue(languageAtom);
}
