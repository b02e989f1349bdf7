/** The product name shown in titles, the logo and the menu. */
export const APP_NAME = 'CloudFest 2026';
