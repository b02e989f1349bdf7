import { useEffect, useState } from 'react';
import { translate } from '../i18n/i18n.ts';
import { ApiError } from './api.ts';
import { errorMessage } from './form-errors.ts';

/**
 * The sentence for a failed purchase call: a 4xx problem's own words (409 'You already have this
 * pass', 400 'The amount does not match...'), otherwise the generic text (in the active language)
 * or the offline hint.
 */
export function purchaseErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return error.problem?.detail ?? error.problem?.title ?? translate('common', 'toastError');
  }
  return errorMessage(error);
}

/**
 * A "Pay" button's busy flag. It is reset when the browser shows the page again from its
 * back/forward cache (the user came back from the provider's page with the back button), so the
 * button is not stuck on 'Opening the payment page…'.
 */
export function usePayingFlag() {
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return [paying, setPaying] as const;
}
