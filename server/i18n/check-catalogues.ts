import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { argumentsOf, choicesWithoutOther, compileMessageOrThrow } from './messages.ts';

/**
 * The consistency check of a folder of message catalogues laid out as `<root>/<language>/<namespace>.json`,
 * each a flat JSON object `{ "key": "ICU message" }`, with one language the source of truth. It is
 * a plain function over a folder, not a test, so the server's catalogues (server/locales) and the
 * app's (src/locales) are held to the same rules by one piece of code.
 */

export interface CatalogueProblem {
  /** The catalogue file, relative to the root: 'de/mail.json'. */
  file: string;
  key?: string;
  problem: string;
}

type Catalogue = Record<string, unknown>;

const isDirectory = (path: string) => statSync(path).isDirectory();
const jsonFiles = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();

function readCatalogue(root: string, file: string, problems: CatalogueProblem[]): Catalogue | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Catalogue;
    problems.push({ file, problem: 'is not a JSON object of messages' });
  } catch (error) {
    problems.push({ file, problem: `is not valid JSON: ${(error as Error).message}` });
  }
  return null;
}

/** The message's arguments when it is a non-empty string that compiles, else null (and the reason recorded). */
function checkMessage(file: string, key: string, value: unknown, problems: CatalogueProblem[]): Set<string> | null {
  if (typeof value !== 'string') {
    problems.push({ file, key, problem: 'is not a string (catalogues are flat: one message per key)' });
    return null;
  }
  if (value.trim() === '') {
    problems.push({ file, key, problem: 'is empty' });
    return null;
  }
  try {
    const compiled = compileMessageOrThrow(value);
    for (const name of choicesWithoutOther(compiled)) {
      problems.push({ file, key, problem: `the choice on {${name}} has no 'other' case` });
    }
    return argumentsOf(compiled);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    problems.push({ file, key, problem: `is not a valid ICU message: ${reason}` });
    return null;
  }
}

const listed = (names: Iterable<string>) => [...names].map((name) => `{${name}}`).join(', ');

/**
 * Every problem of the catalogues under `root`, compared with the `source` language: a file or key
 * that exists in one language only, a message that is empty, not a string or not valid ICU, a
 * choice without its 'other' case, and a translation whose arguments differ from the source's
 * (a value the code passes would be lost, or one it never passes would print as nothing).
 * An empty answer means the catalogues are complete and sound.
 */
export function checkCatalogues(root: string, source = 'en'): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const languages = readdirSync(root)
    .filter((name) => isDirectory(join(root, name)))
    .sort();
  if (!languages.includes(source)) return [{ file: source, problem: `the source language folder ${source}/ is missing` }];

  const sourceFiles = jsonFiles(join(root, source));
  const sourceArguments = new Map<string, Map<string, Set<string> | null>>();
  for (const name of sourceFiles) {
    const file = `${source}/${name}`;
    const catalogue = readCatalogue(root, file, problems) ?? {};
    sourceArguments.set(
      name,
      new Map(Object.entries(catalogue).map(([key, value]) => [key, checkMessage(file, key, value, problems)])),
    );
  }

  for (const language of languages.filter((name) => name !== source)) {
    const files = jsonFiles(join(root, language));
    for (const name of files.filter((n) => !sourceFiles.includes(n))) {
      problems.push({ file: `${language}/${name}`, problem: `exists only in ${language}, not in ${source}` });
    }
    for (const name of sourceFiles) {
      const file = `${language}/${name}`;
      if (!files.includes(name)) {
        problems.push({ file, problem: `is missing (${source}/${name} exists)` });
        continue;
      }
      const catalogue = readCatalogue(root, file, problems);
      if (!catalogue) continue;
      const expected = sourceArguments.get(name) ?? new Map<string, Set<string> | null>();
      for (const key of expected.keys()) {
        if (!Object.hasOwn(catalogue, key)) problems.push({ file, key, problem: `is missing (it exists in ${source})` });
      }
      for (const [key, value] of Object.entries(catalogue)) {
        if (!expected.has(key)) {
          problems.push({ file, key, problem: `exists only in ${language}, not in ${source}` });
          continue;
        }
        const found = checkMessage(file, key, value, problems);
        const wanted = expected.get(key);
        if (!found || !wanted) continue;
        const extra = [...found].filter((arg) => !wanted.has(arg));
        const lacking = [...wanted].filter((arg) => !found.has(arg));
        if (extra.length > 0) problems.push({ file, key, problem: `uses ${listed(extra)}, which ${source} does not` });
        if (lacking.length > 0) problems.push({ file, key, problem: `leaves out ${listed(lacking)}, which ${source} uses` });
      }
    }
  }
  return problems;
}

/** The problems as lines for a test failure or a script: 'de/mail.json confirm.subject: is empty'. */
export const describeProblems = (problems: readonly CatalogueProblem[]) =>
  problems.map(({ file, key, problem }) => `${file}${key ? ` ${key}` : ''}: ${problem}`).join('\n');
