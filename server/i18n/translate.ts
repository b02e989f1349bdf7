import { type I18n, setupI18n } from '@lingui/core';
import { CATALOGUES, type MessageKey, type Namespace } from './catalogues.ts';
import type { Language } from './language.ts';
import { argumentsOf, compileMessageOrThrow } from './messages.ts';

/** What a message may be given: names, numbers (plurals) and text the caller formatted already (prices, dates). */
export type Values = Record<string, string | number>;
export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: Values) => string;

/**
 * One Lingui instance per language and namespace, each activated once and never switched: the
 * server renders texts for many users at once, so a shared instance whose locale changes per
 * request would mix languages. Catalogues are compiled (ICU → Lingui's compact form) when first
 * used, so a language nobody asks for costs nothing.
 */
const instances = new Map<string, { i18n: I18n; needs: Map<string, Set<string>> }>();

function instance(language: Language, namespace: Namespace) {
  const id = `${language}/${namespace}`;
  let found = instances.get(id);
  if (!found) {
    const source: Record<string, string> = CATALOGUES[language][namespace];
    const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessageOrThrow(message)]));
    const i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    const needs = new Map(Object.entries(compiled).map(([key, message]) => [key, argumentsOf(message)]));
    found = { i18n, needs };
    instances.set(id, found);
  }
  return found;
}

/**
 * The messages of one namespace in one language:
 *
 *   const t = translator(user.language, 'mail');
 *   t('approved.intro', { pass: 'Business Pass' });
 *
 * Keys are checked by TypeScript against the English catalogue. Plurals and choices are ICU
 * ({n, plural, one {# night} other {# nights}}), never string concatenation. Values are inserted
 * as given (no HTML escaping: mails escape when they build their HTML). A value the message needs
 * but was not given is a programming error: outside production it throws, so tests find it.
 */
export function translator<N extends Namespace>(language: Language, namespace: N): Translate<N> {
  const { i18n, needs } = instance(language, namespace);
  return (key, values = {}) => {
    if (process.env.NODE_ENV !== 'production') {
      for (const name of needs.get(key) ?? []) {
        if (!(name in values)) throw new Error(`${language}/${namespace}.json ${key}: no value for {${name}}`);
      }
    }
    return i18n._(key, values);
  };
}
