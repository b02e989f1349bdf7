import loaders from 'virtual:catalogues';
import { i18n, type Messages } from '@lingui/core';
import { atom } from 'jotai';
import { store } from '../lib/store.ts';
import type { Namespace } from './namespaces.ts';

/**
 * The app's languages: English, the texts of docs/behaviour.md verbatim, and German. Lingui holds the
 * messages; each namespace (src/locales/<language>/<namespace>.json) is its own chunk, loaded in the
 * active language when a page first needs it, so a visitor downloads one language only.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** Intl locales for dates and numbers: en keeps the app's established British forms. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

const STORAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language chosen on this device, else the first of the browser's languages the app speaks, else English. */
export function detectLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The active language; components re-render when it changes. */
export const languageAtom = atom<Language>('en');

/** The active language outside React (formatters' defaults). */
export const activeLanguage = (): Language => store.get(languageAtom);

/** A promise React's `use` can read without suspending once it has settled (its status fields are React's protocol). */
type Tracked = Promise<void> & { status?: string; value?: unknown; reason?: unknown };

const loads = new Map<string, Tracked>();
const namespacesInUse = new Set<Namespace>();

/** One namespace in one language: loaded once and merged into Lingui's messages. */
export function loadCatalogue(language: Language, namespace: Namespace): Promise<void> {
  namespacesInUse.add(namespace);
  const name = `${language}/${namespace}`;
  let load = loads.get(name);
  if (!load) {
    const loader = loaders[name];
    const loading: Tracked = loader
      ? loader().then((module: { default: Messages }) => i18n.load(language, module.default))
      : Promise.reject(new Error(`No catalogue ${name}`));
    loading.status = 'pending';
    loading.then(
      () => {
        loading.status = 'fulfilled';
      },
      (error: unknown) => {
        loading.status = 'rejected';
        loading.reason = error;
        // Not cached: the next page that needs it tries again (e.g. back online).
        loads.delete(name);
      },
    );
    loads.set(name, loading);
    load = loading;
  }
  return load;
}

/** Loads namespaces in the active language; pages and components wait for theirs (use-t.ts). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const language = store.get(languageAtom);
  return Promise.all(namespaces.map((namespace) => loadCatalogue(language, namespace))).then(() => undefined);
}

function activate(language: Language): void {
  i18n.activate(language);
  document.documentElement.lang = language;
  store.set(languageAtom, language);
}

/**
 * Switches the language: every namespace the app has used is loaded in the new one first, so the
 * page re-renders at once and entirely in it. Remembered on this device (the account keeps its own
 * copy: src/i18n/account-language.ts).
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([...namespacesInUse].map((namespace) => loadCatalogue(language, namespace)));
  activate(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
}

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let started: Promise<void> | undefined;

/** At start: the device's language with the common namespace; the app shell waits for it. */
export function startI18n(): Promise<void> {
  started ??= (() => {
    const language = detectLanguage(savedLanguage(), navigator.languages ?? [navigator.language]);
    store.set(languageAtom, language);
    return loadNamespaces(['common']).then(() => activate(language));
  })();
  return started;
}

/** A message outside React (toasts from non-component code, document titles). */
export function translate(namespace: Namespace, key: string, values?: Record<string, unknown>): string {
  return i18n._(`${namespace}:${key}`, values);
}

export { i18n };
