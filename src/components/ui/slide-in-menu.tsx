import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import './slide-in-menu.css';

export interface SlideInMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** id of the element naming the menu. */
  labelledBy: string;
  children: ReactNode;
}

/**
 * docs/behaviour.md §2 slide-in menu: full screen on small screens, a 460 px panel from 992 px. Built on a
 * modal <dialog>: the browser traps focus inside, makes the page behind inert, closes on Escape
 * and returns focus to the menu button on close.
 */
export function SlideInMenu({ id, open, onClose, labelledBy, children }: SlideInMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // A click on the dialog element itself is a click on the backdrop beside the panel.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled natively by the dialog.
    <dialog
      ref={dialog}
      id={id}
      className="slide-in-menu"
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={closeOnBackdrop}
    >
      <div className="slide-in-menu__panel">{children}</div>
    </dialog>
  );
}
