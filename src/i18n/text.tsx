import { LinguiContext, Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import { i18n } from './i18n.ts';
import type { MessageKey, Namespace } from './namespaces.ts';
import { useT, type Values } from './use-t.ts';

interface TextProps<N extends Namespace> {
  ns: N;
  k: MessageKey<N>;
  values?: Values;
  /** Elements for the message's tags: "Already registered? <link>Sign in</link>" with { link: <Link to="/sign-in" /> }. */
  components?: Record<string, ReactElement>;
}

// Lingui's <Trans> reads the i18n object from its context; the app needs no provider otherwise
// (the language atom re-renders what changes), so each <Text> brings it.
const lingui = { i18n, _: i18n._.bind(i18n) };

/** A message with links or emphasis inside the sentence, so translators keep the whole sentence in one piece. */
export function Text<N extends Namespace>({ ns, k, values, components }: TextProps<N>) {
  useT(ns);
  return (
    <LinguiContext.Provider value={lingui}>
      <Trans id={`${ns}:${k}`} values={values} components={components} />
    </LinguiContext.Provider>
  );
}
