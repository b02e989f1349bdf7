/** How long a greeting stays before the kiosk is ready for the next person (ms). */
export const WELCOME_MS = 6000;
/** A refusal stays longer: it says where to go. */
export const REFUSAL_MS = 10_000;
