import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INFORMATION_SECTIONS } from '../../features/information/content/index.ts';
import { MENU_FOOTER_LINKS, REGISTRATION_FOOTER_LINKS } from './nav-links.ts';

const sectionIds = INFORMATION_SECTIONS.map((section) => section.id);

/** `/information#x` targets written anywhere in a source file of the app. */
function informationAnchorsIn(path: string): string[] {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  return [...source.matchAll(/\/information#([\w-]+)/g)].map((match) => match[1] ?? '');
}

describe('links to the information page', () => {
  it('has a section for every footer link of the app', () => {
    const anchors = [...MENU_FOOTER_LINKS, ...REGISTRATION_FOOTER_LINKS].map((link) => link.to.split('#')[1]);
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(sectionIds).toContain(anchor);
  });

  it('has a section for every /information# anchor written in nav-links.ts and the partner banner', () => {
    const anchors = [
      ...informationAnchorsIn('./nav-links.ts'),
      ...informationAnchorsIn('../../components/ui/partner-banner.tsx'),
    ];
    expect(anchors).toEqual(
      expect.arrayContaining(['imprint', 'privacy-policy', 'code-of-conduct', 'terms-and-conditions', 'faq']),
    );
    expect(anchors).toContain('partners');
    for (const anchor of anchors) expect(sectionIds).toContain(anchor);
  });
});
