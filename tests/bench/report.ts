import { writeFileSync } from 'node:fs';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: string;
}

const figures: Figure[] = [];

/** One line per figure (`BENCH <name> <value> <unit>`), collected for bench-results.json. */
export function report(name: string, value: number, unit: string, budget?: string) {
  const rounded = Math.round(value * 100) / 100;
  figures.push({ name, value: rounded, unit, budget });
  console.log(`BENCH ${name} ${rounded} ${unit}${budget ? `   (budget ${budget})` : ''}`);
}

export function writeResults(path = 'bench-results.json') {
  writeFileSync(path, `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
}
