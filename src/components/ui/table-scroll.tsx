import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A wide table's own scroll box (on a phone, or with large text), so the page never scrolls
 * sideways. While the table is wider than the box, the box is a named region the keyboard can
 * reach and scroll with the arrow keys (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function TableScroll({
  label,
  className = 'table-scroll',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      {children}
    </div>
  );
}
