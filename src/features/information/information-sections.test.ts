import { describe, expect, it } from 'vitest';
import de from '../../locales/de/information.json';
import en from '../../locales/en/information.json';
import { EVENT_OVERVIEW } from './content/event-overview.ts';
import { INFORMATION_SECTIONS } from './content/index.ts';
import type { Block, InfoText } from './content/types.ts';
import { anchorTargets, parseRichText } from './rich-text.ts';

const sectionIds = INFORMATION_SECTIONS.map((section) => section.id);

/** The texts of a block as a catalogue writes them: links included, placeholders not filled in. */
function textsOf(block: Block, catalogue: Record<string, string>): string[] {
  const written = (text: InfoText) => (typeof text === 'string' ? (catalogue[text] ?? '') : text.verbatim);
  switch (block.kind) {
    case 'paragraph':
      return [written(block.text)];
    case 'list':
      return block.items.map(written);
    case 'address':
      return block.lines.map(written);
    case 'facts':
      return block.items.map((item) => written(item.text));
    case 'seller-address':
      return [...(block.before ?? []), ...(block.after ?? [])].map(written);
    case 'seller-facts':
      return [];
  }
}

const allBlocks: Block[] = [
  ...EVENT_OVERVIEW,
  ...INFORMATION_SECTIONS.flatMap((section) => [
    ...(section.intro ?? []),
    ...section.subsections.flatMap((subsection) => subsection.blocks),
  ]),
];

describe('information sections', () => {
  it('uses unique section ids and unique subsection headings', () => {
    expect(new Set(sectionIds).size).toBe(sectionIds.length);
    for (const section of INFORMATION_SECTIONS) {
      const headings = section.subsections.map((subsection) => subsection.heading);
      expect(new Set(headings).size, section.id).toBe(headings.length);
    }
  });

  it('links only to anchors that exist on the page, in every language', () => {
    for (const catalogue of [en, de]) {
      const targets = allBlocks.flatMap((block) => textsOf(block, catalogue)).flatMap(anchorTargets);
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) expect([...sectionIds, 'contents']).toContain(target);
    }
  });

  it('has 10 to 14 FAQ entries', () => {
    const faq = INFORMATION_SECTIONS.find((section) => section.id === 'faq');
    expect(faq?.subsections.length).toBeGreaterThanOrEqual(10);
    expect(faq?.subsections.length).toBeLessThanOrEqual(14);
  });
});

describe('parseRichText', () => {
  it('splits text and [label](href) links, keeping their offsets', () => {
    expect(parseRichText('Write to [us](mailto:info@cloudfest.example) today.')).toEqual([
      { kind: 'text', text: 'Write to ', offset: 0 },
      { kind: 'link', label: 'us', href: 'mailto:info@cloudfest.example', offset: 9 },
      { kind: 'text', text: ' today.', offset: 44 },
    ]);
  });

  it('returns plain text unchanged', () => {
    expect(parseRichText('No links (here).')).toEqual([{ kind: 'text', text: 'No links (here).', offset: 0 }]);
  });
});
