import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

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

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Debian's Chromium (or CHROMIUM_PATH) with the flags that work on this machine, for page benches. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
