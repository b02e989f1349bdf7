/** Texts the spec fixes verbatim (docs/behaviour.md §2, §5, §8, §9). Tests look for them. */
export const MESSAGES = {
  passwordRule:
    'Your password must be at least 8 characters long, contain at least one number, one special character and have a mixture of uppercase and lowercase letters.',
  passwordTooWeak: 'Password is too weak.',
  invalidVatId: 'Invalid VAT ID (Please fill in only if located in Europe)',
  maxSelections: (n: number) => `Please select no more than ${n} options.`,
  questionRequired: 'This question is required.',
  toastError: 'Uh oh, an unexpected error happened. Please try again later.',
  toastSuccess: 'Operation completed successfully.',
  notFound: 'This page could not be found',
  errorPageNotFoundTitle: 'Page Not Found',
  errorPagePaymentTitle: 'Oops. Payment was not successful.',
  errorPageOtherTitle: 'Oops. An error has occurred.',
  errorPageFailed: 'An error occurred while showing the error page',
  backToDashboard: 'Back to the Dashboard',
  returnToLogin: 'Return to login',
  noPass: 'No Pass | Get a pass',
  editProfile: 'Edit your profile',
  noHotel: 'No hotel',
  completed: 'Completed',
  freePassesGone: 'Free Standard Passes are all gone!',
  freePassesAlmostGone: 'almost gone!',
  freePassesAvailable: "Get your free Standard Pass before they're gone!",
  passAwaitsApproval: 'Your pass is awaiting approval. You can sign in as soon as it has been approved.',
} as const;

export const TOAST_DURATION_MS = 4000;
export const VENDOR_TAG_ID = 2;
export const LEAD_SCANNER_PATH = '/contacts';
export const FREE_PASS_POOL = 2000;
export const SHUTTLE_BADGE_IDS = [28, 30, 31] as const;
export const MIN_PASSWORD_SCORE = 3;
