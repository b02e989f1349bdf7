import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Block, InfoText } from './content/types.ts';
import { isInternalHref, parseRichText } from './rich-text.ts';
import { SellerAddress, SellerFacts } from './seller.tsx';
import { type Say, textKey, useInfoText } from './use-info-text.ts';

/** Text with `[label](href)` links (see ./rich-text.ts). */
export function RichText({ text }: { text: string }) {
  return parseRichText(text).map((segment) => {
    const key = segment.offset;
    if (segment.kind === 'text') return <Fragment key={key}>{segment.text}</Fragment>;
    if (isInternalHref(segment.href)) {
      return (
        <Link key={key} to={segment.href}>
          {segment.label}
        </Link>
      );
    }
    const external = segment.href.startsWith('http');
    return (
      <a key={key} href={segment.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {segment.label}
      </a>
    );
  });
}

/** A block's first text: unique within a subsection, so usable as its key. */
function blockKey(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `p:${textKey(block.text)}`;
    case 'list':
      return `l:${block.items[0] ? textKey(block.items[0]) : ''}`;
    case 'address':
      return `a:${block.lines[0] ? textKey(block.lines[0]) : ''}`;
    case 'facts':
      return `f:${block.items[0]?.term ?? ''}`;
    case 'seller-address':
      return `s:${block.before?.[0] ? textKey(block.before[0]) : ''}`;
    case 'seller-facts':
      return 'sf';
  }
}

function InfoBlock({ block, say }: { block: Block; say: Say }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichText text={say(block.text)} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item) => (
        <li key={textKey(item)}>
          <RichText text={say(item)} />
        </li>
      ));
      return block.ordered ? <ol className="information-list">{items}</ol> : <ul className="information-list">{items}</ul>;
    }
    case 'address':
      return (
        <address className="information-address">
          {block.lines.map((line) => (
            <span key={textKey(line)} className="information-address__line">
              <RichText text={say(line)} />
            </span>
          ))}
        </address>
      );
    case 'facts':
      return (
        <dl className="information-facts">
          {block.items.map((item) => (
            <div key={item.term} className="information-facts__row">
              <dt className="information-facts__term">{say(item.term)}</dt>
              <dd className="information-facts__text">
                <RichText text={say(item.text)} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'seller-address': {
      const lines = (texts: readonly InfoText[] = []) => texts.map((text) => <RichText key={textKey(text)} text={say(text)} />);
      return <SellerAddress before={lines(block.before)} after={lines(block.after)} />;
    }
    case 'seller-facts':
      return <SellerFacts />;
  }
}

/** Blocks in the active language. */
export function InfoBlocks({ blocks }: { blocks: readonly Block[] }) {
  const say = useInfoText();
  return blocks.map((block) => <InfoBlock key={blockKey(block)} block={block} say={say} />);
}
