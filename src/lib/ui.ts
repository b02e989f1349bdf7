import { atom } from 'jotai';

/** docs/behaviour.md §4: the slide-in menu is open or closed; it closes on every route change. */
export const menuOpenAtom = atom(false);
