import loaders from 'virtual:catalogues';
import { i18n, loadCatalogue } from './i18n.ts';
import type { Namespace } from './namespaces.ts';

/**
 * Unit tests see the app as an English visitor does: every English catalogue loaded (through the
 * app's own cache, so components never suspend) and active, so they print the texts of docs/behaviour.md.
 */
const namespaces = Object.keys(loaders)
  .filter((name) => name.startsWith('en/'))
  .map((name) => name.slice('en/'.length) as Namespace);
await Promise.all(namespaces.map((namespace) => loadCatalogue('en', namespace)));
i18n.activate('en');
