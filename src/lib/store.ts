import { createStore } from 'jotai';

/** The one Jotai store: React reads it through <Provider store>, loaders and non-React code directly. */
export const store = createStore();
