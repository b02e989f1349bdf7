import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/*
 * The app's catalogues (src/locales), read by the language tests: German labels to find things by,
 * and the English messages that must never show on a German page.
 */

type Catalogue = Record<string, string>;
const LOCALES = join(import.meta.dirname, '..', '..', 'src', 'locales');

function read(language: string): Record<string, Catalogue> {
  const namespaces: Record<string, Catalogue> = {};
  for (const file of readdirSync(join(LOCALES, language)).filter((name) => name.endsWith('.json'))) {
    namespaces[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Catalogue;
  }
  return namespaces;
}

const english = read('en');
const german = read('de');

/** A German message by namespace and key (a missing one fails the test at once). */
export function de(namespace: string, key: string): string {
  const message = german[namespace]?.[key];
  if (message === undefined) throw new Error(`no German message ${namespace}:${key}`);
  return message;
}

/** An English message by namespace and key. */
export function en(namespace: string, key: string): string {
  const message = english[namespace]?.[key];
  if (message === undefined) throw new Error(`no English message ${namespace}:${key}`);
  return message;
}

/**
 * English messages that German says differently, as whole texts a page could show: those with
 * placeholders or markup are left out (they never show as written), and so are words both
 * languages share ("Pass", "FAQ", "Lead").
 */
const ENGLISH_ONLY = new Set(
  Object.entries(english).flatMap(([namespace, messages]) =>
    Object.entries(messages)
      .filter(([key, message]) => !/[{<#]/.test(message) && message.trim().length > 2 && german[namespace]?.[key] !== message)
      .map(([, message]) => message.trim()),
  ),
);

/**
 * The English catalogue texts on the page: every text node, and the labels a screen reader reads
 * (aria-label, placeholder, title, alt), compared whole.
 */
export async function englishOnPage(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [lang="en"]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest('[lang="en"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(texts.filter((text) => ENGLISH_ONLY.has(text)))];
}
